import { readProcessConfig } from './env';
import type { ServerConfig } from './env';
import { startServer } from './start';

const EMBEDDED_DATABASE_CAPACITY =
  'The embedded database carries about 350 to 700 people messaging at once, depending on the machine (2 cores). ' +
  'For more, set DATABASE_URL to a PostgreSQL server.';

async function main() {
  let config: ServerConfig;
  try {
    config = readProcessConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  const started = await startServer(config);
  const log = started.server.app.log;
  const shown = config.appOrigin ?? `http://localhost:${config.port}`;
  console.log(
    `YardSale is running at ${shown} (${started.handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (started.handle.kind === 'pglite') {
    // Measured with pnpm bench:messages on 2 cores (README, Performance): beyond this, live messages slow down.
    console.log(EMBEDDED_DATABASE_CAPACITY);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    try {
      await started.stop();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

void main();
