/**
 * One server of the API benchmark, in a process of its own (bench/api.ts starts two: the product and
 * the bare yardstick), so that both are measured in the same process layout and neither shares an
 * event loop with the load generator.
 *
 *   argv: product|bare <database URL>
 *   sends: ready { url } | problem { text }
 *   takes: stop
 */
import { createPostgresEventBus } from '@yardsale/api';
import type { EventBus } from '@yardsale/api';
import { createDatabase } from '@yardsale/db';
import type { DatabaseHandle } from '@yardsale/db';

import { startLocalServer } from '../test/local-server';
import { startBareServer } from './api-bare';
import { BENCH_ADMIN_EMAIL, HIGH_LIMIT, silentLogger } from './lib/server';

export type ApiServerMessage = { type: 'ready'; url: string } | { type: 'problem'; text: string };

function report(message: ApiServerMessage) {
  process.send?.(message);
}

/** The product as `pnpm start` runs it on PostgreSQL: LISTEN/NOTIFY events, logs at warn. */
async function startProduct(databaseUrl: string) {
  let handle: DatabaseHandle | undefined;
  let events: EventBus | undefined;
  try {
    handle = await createDatabase({ databaseUrl });
    if (!handle.sql) throw new Error('PostgreSQL handle without a client');
    events = await createPostgresEventBus(handle.sql);
    const server = await startLocalServer({
      db: handle.db,
      logger: silentLogger,
      events,
      // The benchmark sends many messages from one account; it measures the path, not the limit.
      rateLimits: { messagesByAccount: HIGH_LIMIT },
      adminEmail: BENCH_ADMIN_EMAIL,
      logTo: { stream: process.stderr, level: 'warn' },
    });
    const opened = handle;
    return {
      url: server.url,
      async close() {
        await server.stop();
        await opened.close();
      },
    };
  } catch (error) {
    await events?.close();
    await handle?.close();
    throw error;
  }
}

async function serve() {
  const [, , mode, databaseUrl] = process.argv;
  if ((mode !== 'product' && mode !== 'bare') || !databaseUrl) {
    report({ type: 'problem', text: 'usage: api-server.ts product|bare <database URL>' });
    process.exit(2);
  }
  let close: (() => Promise<void>) | undefined;
  const stop = (code: number) => {
    void (async () => {
      try {
        await close?.();
      } finally {
        process.exit(code);
      }
    })();
  };
  process.on('message', (message) => {
    if (message === 'stop') stop(0);
  });
  process.once('SIGINT', () => stop(130));
  process.once('disconnect', () => stop(1));
  try {
    const server =
      mode === 'product' ? await startProduct(databaseUrl) : await startBareServer(databaseUrl);
    close = () => server.close();
    report({ type: 'ready', url: server.url });
  } catch (error) {
    report({
      type: 'problem',
      text: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    stop(1);
  }
}

void serve();
