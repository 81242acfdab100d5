import { inServerBundle } from '@yardsale/db';

import { readProcessConfig } from './env';
import type { ServerConfig } from './env';
import { startServer } from './start';

const EMBEDDED_DATABASE_CAPACITY =
  'The embedded database carries about 350 to 700 people messaging at once, depending on the machine (2 cores). ' +
  'For more, set DATABASE_URL to a PostgreSQL server.';

/** Where `pnpm dev` serves the web app (Vite's port, apps/web/vite.config.ts). */
const VITE_DEV_URL = 'http://localhost:5173';

async function main() {
  let config: ServerConfig;
  try {
    config = readProcessConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  const viaVite = config.env === 'development' && !inServerBundle;
  const started = await startServer(config, viaVite ? { defaultOrigin: VITE_DEV_URL } : {});
  const log = started.server.app.log;
  const shown = config.appOrigin ?? `http://localhost:${config.port}`;
  const database =
    started.handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  if (viaVite) {
    // `pnpm dev`: the app comes from Vite with hot reload; this port serves the API and, at best, an old build.
    console.log(`YardSale's API is running at ${shown} (${database})`);
    console.log(`Open ${VITE_DEV_URL} (Vite) for the app with hot reload.`);
  } else {
    console.log(`YardSale is running at ${shown} (${database})`);
  }
  if (started.handle.kind === 'pglite') {
    // Measured with pnpm bench:messages on 2 cores (README, Performance): beyond this, live messages slow down.
    console.log(EMBEDDED_DATABASE_CAPACITY);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    // A request or socket that never finishes must not keep a stopping process alive: past the
    // deadline it exits anyway, with 1 so a supervisor sees the stop was not clean.
    setTimeout(() => {
      log.error(
        { timeoutMs: config.shutdownTimeoutMs },
        'shutdown did not finish before SHUTDOWN_TIMEOUT_MS: exiting anyway',
      );
      process.exit(1);
    }, config.shutdownTimeoutMs);
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
