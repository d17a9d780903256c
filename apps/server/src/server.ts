import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import Fastify from 'fastify';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { loadConfig, ConfigError, type Config } from './config/config.js';
import { buildApp, prepareDatabase } from './app.js';
import { aggregateInPrimary, shareWithCluster, startMetricsServer } from './plugins/metrics.js';

// Starts and stops the process; everything else lives in app.ts. With WEB_CONCURRENCY above 1
// (the default is one per core) this process is the cluster primary (ADR 017): it migrates and
// seeds once, holds the throttle counters the workers share when there is no Redis, and keeps
// WEB_CONCURRENCY workers running, which share the port.
//
// Stopping (ADR 027): SIGTERM or SIGINT make a worker stop accepting, finish the requests in
// flight and close its connections (up to DRAIN_MS), then close the app, which finishes or hands
// back the mail and pushes in hand (up to 5 s). The primary passes the signal on. SIGHUP to the
// primary replaces the workers one at a time (a rolling restart, e.g. after an upgrade of the code).

/** How long a stopping worker waits for its requests in flight and open connections. */
const DRAIN_MS = 10_000;
/** The primary exits at the latest after this, whatever its workers still do (compose: stop_grace_period 25s). */
const PRIMARY_STOP_MS = 20_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function serve(config: Config, prepared: boolean): Promise<void> {
  const app = await buildApp({ config, prepared });
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} empfangen, fahre herunter`);
    metricsServer?.close();
    const open = await app.lifecycle.drain(DRAIN_MS);
    if (open > 0) app.log.warn({ open }, `Nach ${DRAIN_MS / 1000} s noch offene Verbindungen werden geschlossen`);
    await app.close();
    app.log.info('Heruntergefahren');
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop(signal).then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'Fehler beim Herunterfahren');
          process.exit(1);
        },
      );
    });
  }
  // The primary restarts the workers; a single process has none to replace and keeps running.
  process.on('SIGHUP', () => {
    if (!cluster.isWorker) app.log.warn('SIGHUP: ein rollender Neustart braucht WEB_CONCURRENCY über 1');
  });
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isWorker) shareWithCluster(app.metrics);
  else if (config.metrics.port)
    metricsServer = await startMetricsServer(config.metrics.port, config.host, () => app.metrics.registry.metrics());
  if (!cluster.isWorker || cluster.worker?.id === 1)
    app.log.info(`${config.appName} läuft auf ${config.publicUrl} (${config.webConcurrency} Prozesse)`);
}

async function primary(config: Config): Promise<void> {
  const log = Fastify({ logger: { level: config.logLevel } }).log;
  await prepareDatabase(config);
  // The workers' throttle counters live here (rate-limiter-flexible's cluster limiter).
  new RateLimiterClusterMaster();
  let stopping = false;
  /** Workers that listen: the metrics are collected from these. */
  const serving = new Set<Worker>();
  /** Workers stopped on purpose by a rolling restart: not forked again when they exit. */
  const retired = new Set<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => serving.add(worker));
    return worker;
  };
  for (let i = 0; i < config.webConcurrency; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    serving.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (retired.delete(worker)) return;
    log.error(`Prozess ${worker.process.pid} beendet (${signal ?? code}), starte neu`);
    setTimeout(fork, 1_000);
  });

  // One scrape covers every worker (ADR 027): on METRICS_PORT here, or through a worker with METRICS_TOKEN.
  const metrics = aggregateInPrimary(() => [...serving]);
  if (config.metrics.port) await startMetricsServer(config.metrics.port, config.host, metrics);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      // Workers finish their requests (up to 10 s) and what the outboxes hold (up to 5 s); then the primary goes.
      setTimeout(() => process.exit(0), PRIMARY_STOP_MS).unref();
    });
  }

  // A rolling restart: each worker in turn is replaced by a new one, which listens before the old
  // one is told to stop; the old one finishes its requests, so no client sees an error.
  let restarting = false;
  process.on('SIGHUP', () => {
    if (restarting || stopping) return;
    restarting = true;
    const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    log.info(`SIGHUP: ersetze ${old.length} Prozesse nacheinander`);
    (async () => {
      for (const worker of old) {
        if (stopping) return;
        if (worker.isDead()) continue;
        const next = fork();
        const started = await Promise.race([
          once(next, 'listening').then(() => true),
          once(next, 'exit').then(() => false),
        ]);
        if (!started) throw new Error(`Der neue Prozess ${next.process.pid} startet nicht`);
        retired.add(worker);
        const gone = once(worker, 'exit');
        worker.process.kill('SIGTERM');
        await gone;
      }
      log.info('Rollender Neustart abgeschlossen');
    })()
      .catch((err: Error) => log.error(`Rollender Neustart abgebrochen: ${err.message}`))
      .finally(() => (restarting = false));
  });
}

const config = readConfig();
const run = cluster.isPrimary && config.webConcurrency > 1 ? primary(config) : serve(config, cluster.isWorker);
run.catch((err) => {
  console.error(err);
  process.exit(1);
});
