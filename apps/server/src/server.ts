import { loadConfig, ConfigError } from './config/config.js';
import { buildApp } from './app.js';

// Starts and stops the process; everything else lives in app.ts.
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config });
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
  app.log.info(`${config.appName} läuft auf ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
