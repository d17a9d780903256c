import cluster from 'node:cluster';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import { loadConfig, ConfigError, type Config } from './config/config.js';
import { buildApp, prepareDatabase } from './app.js';

// Starts and stops the process; everything else lives in app.ts. With WEB_CONCURRENCY above 1
// (the default is one per core) this process is the cluster primary (ADR 017): it migrates and
// seeds once, holds the throttle counters the workers share when there is no Redis, and keeps
// WEB_CONCURRENCY workers running, which share the port.

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
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} empfangen, fahre herunter`);
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker || cluster.worker?.id === 1)
    app.log.info(`${config.appName} läuft auf ${config.publicUrl} (${config.webConcurrency} Prozesse)`);
}

async function primary(config: Config): Promise<void> {
  await prepareDatabase(config);
  // The workers' throttle counters live here (rate-limiter-flexible's cluster limiter).
  new RateLimiterClusterMaster();
  let stopping = false;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.webConcurrency; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Prozess ${worker.process.pid} beendet (${signal ?? code}), starte neu`);
    setTimeout(fork, 1_000);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      // Workers finish what they hold (the outboxes wait up to 5 s); then the primary goes.
      setTimeout(() => process.exit(0), 10_000).unref();
    });
  }
}

const config = readConfig();
const run = cluster.isPrimary && config.webConcurrency > 1 ? primary(config) : serve(config, cluster.isWorker);
run.catch((err) => {
  console.error(err);
  process.exit(1);
});
