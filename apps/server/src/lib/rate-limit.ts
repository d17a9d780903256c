import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Redis } from 'ioredis';
import { ApiError } from './errors.js';

/**
 * Limits attempts on the anonymous endpoints per IP and per apartment number. In memory for a
 * single process; with REDIS_URL the counters are shared by every server process.
 */
export class AttemptLimiter {
  private limiter: RateLimiterAbstract;
  private redis: Redis | null = null;

  constructor(opts: { points: number; durationSec: number; redisUrl?: string; prefix: string }) {
    if (opts.redisUrl) {
      this.redis = new Redis(opts.redisUrl, { enableOfflineQueue: false, lazyConnect: false, maxRetriesPerRequest: 1 });
      this.limiter = new RateLimiterRedis({
        storeClient: this.redis,
        keyPrefix: opts.prefix,
        points: opts.points,
        duration: opts.durationSec,
        // If Redis is unreachable, fall back to per-process limits rather than open or closed doors.
        insuranceLimiter: new RateLimiterMemory({ points: opts.points, duration: opts.durationSec }),
      });
    } else {
      this.limiter = new RateLimiterMemory({ keyPrefix: opts.prefix, points: opts.points, duration: opts.durationSec });
    }
  }

  /** Counts one attempt for every key; throws 429 with a German detail when one is used up. */
  async consume(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await this.limiter.consume(key);
      } catch (res) {
        if (res instanceof RateLimiterRes) {
          const minutes = Math.max(1, Math.ceil(res.msBeforeNext / 60_000));
          throw new ApiError(429, {
            detail: `Zu viele Versuche. Bitte versuchen Sie es in ${minutes} Minute${minutes === 1 ? '' : 'n'} erneut.`,
          });
        }
        throw res;
      }
    }
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
  }
}
