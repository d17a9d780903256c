import cluster, { type Worker } from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import client from 'prom-client';
import type { DatabaseHandle } from '../db/database.js';
import { ApiError, notFound } from '../lib/errors.js';
import { TooMany } from '../lib/throttle.js';
import { OUTBOX_KINDS, outboxBacklog, type Backlog } from '../outbox/backlog.js';

// Prometheus metrics (ADR 027). Each process keeps its own registry; with the cluster (ADR 017)
// the primary asks every worker for theirs and adds them up (prom-client's AggregatorRegistry),
// so one scrape covers all workers, whichever port or worker it reaches.

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Seconds a scrape reuses the outbox figures: a scrape every few seconds costs one query per kind. */
const BACKLOG_CACHE_MS = 5_000;

/**
 * prom-client's default metrics (event-loop lag, memory, CPU, GC, handles) describe the process,
 * not an app: collected once per process, however many apps the tests build in it.
 */
let processRegistry: client.Registry | null = null;
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
type RequestLabels = { method: string; route: string; status_class: string };

/** The figures of one method, route pattern and status class: plain numbers, bumped per request. */
class Series {
  count = 0;
  sum = 0;
  /** Requests per bucket (not cumulative); the last one is above the largest bound. */
  readonly buckets = new Float64Array(DURATION_BUCKETS.length + 1);
  constructor(readonly labels: RequestLabels) {}

  observe(seconds: number): void {
    this.count++;
    this.sum += seconds;
    let i = 0;
    while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++;
    this.buckets[i]!++;
  }
}

/**
 * The request counter and duration histogram (issue 34). prom-client hashes and validates the
 * label set on every inc() and observe(), also through its bound children; here each request adds
 * to its Series' plain numbers, and the label work happens once per series and per scrape. The
 * two objects speak prom-client's metric interface (get, reset), so its registries, text format
 * and cluster aggregation (summing) take them like their own.
 */
class RequestMetrics {
  private readonly series = new Map<string, Series>();
  /** The series of a request; the key space is small and fixed (methods × route patterns × 5 classes). */
  of(method: string, route: string, status: number): Series {
    const statusClass = STATUS_CLASSES[Math.floor(status / 100)] ?? `${Math.floor(status / 100)}xx`;
    const key = `${method} ${statusClass} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = new Series({ method, route, status_class: statusClass });
      this.series.set(key, series);
    }
    return series;
  }

  counter(name: string, help: string) {
    return {
      name,
      help,
      type: 'counter',
      aggregator: 'sum',
      get: async () => ({
        name,
        help,
        type: 'counter',
        aggregator: 'sum',
        values: [...this.series.values()].map((s) => ({ labels: { ...s.labels }, value: s.count })),
      }),
      reset: () => this.series.clear(),
    };
  }

  histogram(name: string, help: string) {
    return {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({
        name,
        help,
        type: 'histogram',
        aggregator: 'sum',
        values: [...this.series.values()].flatMap((s) => {
          let acc = 0;
          const bucket = (le: number | string, value: number) => ({
            labels: { le, ...s.labels },
            value,
            metricName: `${name}_bucket`,
          });
          return [
            ...DURATION_BUCKETS.map((le, i) => bucket(le, (acc += s.buckets[i]!))),
            bucket('+Inf', s.count),
            { labels: { ...s.labels }, value: s.sum, metricName: `${name}_sum` },
            { labels: { ...s.labels }, value: s.count, metricName: `${name}_count` },
          ];
        }),
      }),
      reset: () => this.series.clear(),
    };
  }
}

/** The metrics of one server process. */
export class AppMetrics {
  /** This app's own metrics. */
  private readonly own = new client.Registry();
  /** Everything a scrape shows: the app's metrics and the process's default metrics. */
  readonly registry: client.Registry;
  /** Requests answered and their durations, by method, route pattern and status class. */
  readonly requests = new RequestMetrics();
  readonly throttled: client.Counter<'throttle' | 'route'>;
  private backlog: { at: number; value: Promise<Map<string, Backlog>> } | null = null;

  constructor(handle: DatabaseHandle, poolMax: number) {
    const registers = [this.own];
    this.own.registerMetric(
      this.requests.counter(
        'hausportal_http_requests_total',
        'HTTP requests answered, by route pattern and status class',
      ) as unknown as client.Metric,
    );
    this.own.registerMetric(
      this.requests.histogram(
        'hausportal_http_request_duration_seconds',
        'Time to answer an HTTP request, by route pattern and status class',
      ) as unknown as client.Metric,
    );
    this.throttled = new client.Counter({
      name: 'hausportal_throttle_rejections_total',
      help: 'Requests answered 429 by a throttle, by the budget that refused and the route',
      labelNames: ['throttle', 'route'],
      registers,
    });
    const backlog = () => this.readBacklog(handle);
    // Every worker reads the same tables: the cluster takes the largest answer, not the sum.
    new client.Gauge({
      name: 'hausportal_outbox_pending',
      help: 'Outbox rows waiting to be sent (due now, or tried and waiting for a retry), by kind',
      labelNames: ['kind'],
      aggregator: 'max',
      registers,
      async collect() {
        for (const [kind, b] of await backlog()) this.set({ kind }, b.pending);
      },
    });
    new client.Gauge({
      name: 'hausportal_outbox_oldest_age_seconds',
      help: 'Age of the oldest outbox row waiting to be sent, by kind (0 when none waits)',
      labelNames: ['kind'],
      aggregator: 'max',
      registers,
      async collect() {
        for (const [kind, b] of await backlog()) this.set({ kind }, b.oldestAgeSeconds);
      },
    });
    const pool = handle.pool;
    if (pool) {
      const gauge = (name: string, help: string, read: () => number) =>
        new client.Gauge({
          name,
          help,
          registers,
          collect() {
            this.set(read());
          },
        });
      gauge('hausportal_db_pool_connections', 'PostgreSQL connections open in the pools', () => pool.totalCount);
      gauge('hausportal_db_pool_idle_connections', 'PostgreSQL connections open and idle', () => pool.idleCount);
      gauge('hausportal_db_pool_waiting_queries', 'Queries waiting for a free connection', () => pool.waitingCount);
      gauge(
        'hausportal_db_pool_max_connections',
        'Connections the pools may open (DATABASE_POOL_SIZE each)',
        () => poolMax,
      );
    }
    this.registry = client.Registry.merge([processMetrics(), this.own]);
  }

  /** The outbox figures of every kind, from the database at most every BACKLOG_CACHE_MS. */
  private readBacklog(handle: DatabaseHandle): Promise<Map<string, Backlog>> {
    const now = Date.now();
    if (!this.backlog || now - this.backlog.at > BACKLOG_CACHE_MS) {
      const value = Promise.all(
        Object.entries(OUTBOX_KINDS).map(
          async ([kind, table]) => [kind, await outboxBacklog(handle.db, table)] as const,
        ),
      ).then((entries) => new Map(entries));
      // A failed read is not cached; the scrape answers without the outbox figures.
      this.backlog = { at: now, value: value.catch(() => new Map()) };
      value.catch(() => (this.backlog = null));
    }
    return this.backlog.value;
  }

  /** This process's metrics, or with the cluster all workers' (asked through the primary). */
  text(): Promise<string> {
    return cluster.isWorker ? askPrimary() : this.registry.metrics();
  }
}

/** prom-client's text format, the same for one process and an aggregate. */
export const METRICS_CONTENT_TYPE = client.register.contentType;

/** Constant-time comparison of a presented bearer token with METRICS_TOKEN (hashed to one length). */
function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (\S+)$/i.exec(header ?? '')?.[1] ?? '';
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

/** The route pattern of a request (never its raw path with ids), or `unmatched`. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/**
 * Counts every request by route pattern and status class, and every 429 by the throttle that gave
 * it. Registered before the routes, so its hooks see all of them.
 */
export const metricsPlugin = fp<{ metrics: AppMetrics }>(
  async (app: FastifyInstance, { metrics }) => {
    const throttleOf = new WeakMap<FastifyRequest, string>();
    app.addHook('onError', async (request, _reply, error) => {
      if (error instanceof TooMany) throttleOf.set(request, error.throttle);
    });
    app.addHook('onResponse', async (request, reply) => {
      metrics.requests.of(request.method, routeOf(request), reply.statusCode).observe(reply.elapsedTime / 1000);
      if (reply.statusCode === 429)
        metrics.throttled.inc({ throttle: throttleOf.get(request) ?? 'unbekannt', route: routeOf(request) });
    });
  },
  { name: 'metrics' },
);

/**
 * GET /metrics on the public port when METRICS_TOKEN is set (bearer token, compared in constant
 * time; 401 without it), 404 otherwise, so nothing is readable by accident. Registered after the
 * error handler, whose DRF-shaped answers it uses.
 */
export const metricsRoute = fp<{ metrics: AppMetrics; token: string | undefined }>(
  async (app: FastifyInstance, { metrics, token }) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!token) throw notFound();
      if (!tokenMatches(request.headers.authorization, token))
        throw new ApiError(401, { detail: 'Ungültiges Token.' }, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
      reply.header('cache-control', 'no-store').type(METRICS_CONTENT_TYPE);
      return metrics.text();
    });
  },
  { name: 'metrics-route' },
);

/**
 * METRICS_PORT: a plain HTTP server of its own that answers GET /metrics with `produce()` (the
 * process's metrics, or the cluster's in the primary), and 404 to everything else.
 */
export function startMetricsServer(port: number, host: string, produce: () => Promise<string>): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ detail: 'Nicht gefunden.' }));
      return;
    }
    produce().then(
      (text) => {
        res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE, 'cache-control': 'no-store' });
        res.end(text);
      },
      () => {
        res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ detail: 'Die Messwerte sind gerade nicht verfügbar.' }));
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

// ---- the cluster: workers ask the primary, which asks every serving worker and adds up ----

const ASK = 'hausportal:metrics-request';
const ANSWER = 'hausportal:metrics-answer';
const COLLECT = 'hausportal:metrics-collect';
const COLLECTED = 'hausportal:metrics-collected';
interface Message {
  type?: string;
  id?: number;
  text?: string;
  error?: string;
  metrics?: client.MetricObjectWithValues<client.MetricValue<string>>[];
}
let asked = 0;
const waiting = new Map<number, { resolve(text: string): void; reject(err: Error): void }>();

/**
 * In a worker: answers the primary's collection with this registry's metrics as JSON, and takes
 * the primary's answers to askPrimary().
 */
export function shareWithCluster(metrics: AppMetrics): void {
  process.on('message', (message: Message) => {
    if (message?.type === COLLECT) {
      metrics.registry.getMetricsAsJSON().then(
        (json) => process.send?.({ type: COLLECTED, id: message.id, metrics: json }),
        () => process.send?.({ type: COLLECTED, id: message.id, metrics: [] }),
      );
      return;
    }
    if (message?.type !== ANSWER || message.id === undefined) return;
    const entry = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) entry?.reject(new Error(message.error));
    else entry?.resolve(message.text ?? '');
  });
}

/** In a worker (METRICS_TOKEN on the public port): the whole cluster's metrics, from the primary. */
function askPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('Der Hauptprozess liefert keine Messwerte.'));
    }, 6_000);
    waiting.set(id, {
      resolve: (text) => (clearTimeout(timer), resolve(text)),
      reject: (err) => (clearTimeout(timer), reject(err)),
    });
    process.send?.({ type: ASK, id });
  });
}

/**
 * In the primary: the sum of every serving worker's metrics (prom-client's
 * AggregatorRegistry.aggregate), for its own METRICS_PORT server and for workers that serve
 * /metrics on the public port. Counters and histograms add up; the outbox gauges (the same tables,
 * read by each worker) take the largest; the event-loop figures are averaged. Only workers that
 * listen are asked, and one that does not answer within 2 s is left out of this scrape, so a
 * starting or stopping worker (a rolling restart) cannot fail it.
 */
export function aggregateInPrimary(serving: () => Worker[]): () => Promise<string> {
  let collection = 0;
  const parts = new Map<number, { got: Message['metrics'][]; left: number; done(): void }>();
  cluster.on('message', (worker, message: Message) => {
    if (message?.type === COLLECTED && message.id !== undefined) {
      const part = parts.get(message.id);
      if (!part) return;
      part.got.push(message.metrics ?? []);
      if (--part.left === 0) part.done();
      return;
    }
    if (message?.type !== ASK) return;
    produce().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text }),
      (err: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: err.message }),
    );
  });
  const produce = async (): Promise<string> => {
    const workers = serving().filter((w) => w.isConnected());
    const id = ++collection;
    const got: Message['metrics'][] = [];
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2_000);
      parts.set(id, { got, left: workers.length, done: () => (clearTimeout(timer), resolve()) });
      if (workers.length === 0) resolve();
      for (const w of workers) w.send({ type: COLLECT, id });
    });
    parts.delete(id);
    return client.AggregatorRegistry.aggregate(got.filter((m) => m !== undefined)).metrics();
  };
  return produce;
}
