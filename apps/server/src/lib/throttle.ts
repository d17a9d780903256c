import cluster from 'node:cluster';
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { Redis } from 'ioredis';
import type { Limit } from '../config/config.js';
import { german, type Translator } from '../i18n/index.js';
import { ApiError, render, said, type Message } from './errors.js';
import { bareAddress, embeddedIPv4, ipv6Groups, isIPv4 } from './ip.js';

/**
 * The key a per-address limit counts under: an IPv4 address as it is (also when it arrives as
 * IPv4-mapped IPv6, `::ffff:10.0.0.1`), an IPv6 address as its /64. A host gets a whole /64 from
 * its provider and picks addresses in it at will, so counting single IPv6 addresses would give it
 * unlimited budgets; a household's devices share the /64 as they share one IPv4 NAT address.
 */
export function addressKey(ip: string): string {
  const bare = bareAddress(ip);
  if (isIPv4(bare)) return bare;
  const mapped = embeddedIPv4(bare);
  if (mapped) return mapped;
  const groups = ipv6Groups(bare);
  return groups
    ? `${groups
        .slice(0, 4)
        .map((g) => g.toString(16))
        .join(':')}::/64`
    : bare;
}

/** The wait, rounded up, in the language of `tr`: '1 Minute', '15 Minuten', '30 Sekunden', '3 Stunden'. */
export function waitIn(ms: number, tr: Translator): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 60) return tr.t('errors.throttle.seconds', { count: s });
  const min = Math.ceil(s / 60);
  if (min < 90) return tr.t('errors.throttle.minutes', { count: min });
  return tr.t('errors.throttle.hours', { count: Math.ceil(min / 60) });
}

/** The wait in German ("1 Minute", "15 Minuten", "30 Sekunden", "3 Stunden"). */
export const germanWait = (ms: number): string => waitIn(ms, german());

/** A throttle's 429; `throttle` names the budget for the rejection metric (plugins/metrics.ts). */
export class TooMany extends ApiError {
  constructor(
    ms: number,
    lead: Message,
    resetWayOut: boolean,
    readonly throttle: string,
  ) {
    super(
      429,
      (tr) => ({
        detail: `${render(lead, tr)} ${tr.t(resetWayOut ? 'errors.throttle.retryOrReset' : 'errors.throttle.retry', {
          wait: waitIn(ms, tr),
        })}`,
      }),
      { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) },
    );
  }
}

/**
 * 429 with a detail in the reader's language that says how long to wait, and the same wait in
 * Retry-After; `resetWayOut` offers a new password through „Passwort vergessen?“ at the end of the
 * sentence. `throttle` names the budget that refused (a counter's name, e.g. `login-ip`), as
 * hausportal_throttle_rejections_total counts it.
 */
export function tooMany(
  ms: number,
  lead: Message = said('errors.throttle.tooMany'),
  resetWayOut = false,
  throttle = 'unbenannt',
): TooMany {
  return new TooMany(ms, lead, resetWayOut, throttle);
}

/** Thrown by Counter.consume when a key has used up its budget; `throttle` is the counter's name. */
export class Exhausted extends Error {
  constructor(
    readonly msBeforeNext: number,
    readonly throttle = 'unbenannt',
  ) {
    super('exhausted');
  }
}

/** One budget (points per window) counted per key: an address, an account, a user. */
export class Counter {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    readonly limit: Limit,
    /** The counter's name (CounterStore.counter), for the rejection metric. */
    readonly name = 'unbenannt',
  ) {}

  /** Uses points; throws Exhausted once the key's budget for this window is gone. */
  async consume(key: string, points = 1): Promise<number> {
    try {
      const res = await this.limiter.consume(key, points);
      return res.consumedPoints;
    } catch (res) {
      if (res instanceof RateLimiterRes) throw new Exhausted(res.msBeforeNext, this.name);
      throw res;
    }
  }

  /**
   * Like consume, and also says when the window resets, for headers that tell the client its budget
   * (the API keys' RateLimit fields).
   */
  async take(key: string, points = 1): Promise<{ consumedPoints: number; msBeforeNext: number }> {
    try {
      const res = await this.limiter.consume(key, points);
      return { consumedPoints: res.consumedPoints, msBeforeNext: res.msBeforeNext };
    } catch (res) {
      if (res instanceof RateLimiterRes) throw new Exhausted(res.msBeforeNext, this.name);
      throw res;
    }
  }

  /** Gives points back, for an attempt that turned out not to count. */
  async refund(key: string, points = 1): Promise<void> {
    await this.limiter.reward(key, points);
  }

  /** Forgets the key, as a correct login forgets its earlier failures. */
  async clear(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  /** Milliseconds until the key may be used again; 0 when it may now. */
  async waitMs(key: string): Promise<number> {
    const res = await this.limiter.get(key);
    return res && res.consumedPoints > this.limit.points ? res.msBeforeNext : 0;
  }

  /** Closes the key for `seconds`. */
  async block(key: string, seconds: number): Promise<void> {
    await this.limiter.block(key, seconds);
  }
}

/**
 * Where the counters live: with REDIS_URL in Redis, shared by every server process on every
 * machine; otherwise, in a worker of `npm start`, in the cluster primary, shared by the workers
 * of this machine (ADR 017); otherwise in this process. If Redis is unreachable each counter falls
 * back to this process's memory rather than opening or closing the door for everyone.
 */
export class CounterStore {
  private readonly redis: Redis | null;

  constructor(private readonly opts: { redisUrl?: string; prefix: string }) {
    this.redis = opts.redisUrl
      ? new Redis(opts.redisUrl, { enableOfflineQueue: false, lazyConnect: false, maxRetriesPerRequest: 1 })
      : null;
    // A Redis outage is survived by the insurance limiters; without a listener ioredis would
    // print every reconnect failure as an unhandled error event.
    this.redis?.on('error', () => undefined);
  }

  /**
   * Resolves once Redis answers, so a starting process does not count its first requests in its
   * own memory; after `timeoutMs` it resolves anyway (false), and the memory fallback serves.
   */
  async ready(timeoutMs = 5_000): Promise<boolean> {
    const redis = this.redis;
    if (!redis) return true;
    if (redis.status === 'ready') return true;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        redis.off('ready', onReady);
        resolve(false);
      }, timeoutMs);
      const onReady = () => {
        clearTimeout(timer);
        resolve(true);
      };
      redis.once('ready', onReady);
    });
  }

  /** A counter named `name` (part of every key) with the given budget. */
  counter(name: string, limit: Limit): Counter {
    const keyPrefix = `${this.opts.prefix}:${name}`;
    const base = { keyPrefix, points: limit.points, duration: limit.durationSec };
    const limiter = this.redis
      ? new RateLimiterRedis({ ...base, storeClient: this.redis, insuranceLimiter: new RateLimiterMemory(base) })
      : cluster.isWorker
        ? new RateLimiterCluster({ ...base, timeoutMs: 3_000 })
        : new RateLimiterMemory(base);
    return new Counter(limiter, limit, name);
  }

  /** True when the counters live in Redis (REDIS_URL). */
  get usesRedis(): boolean {
    return this.redis !== null;
  }

  /** Resolves when Redis answers a PING (GET /api/ready/); at once without REDIS_URL. */
  async ping(): Promise<void> {
    await this.redis?.ping();
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
  }
}
