import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createDatabase, executeRows, migrateDatabase, sql } from '@yardsale/db';
import type { Database, DatabaseHandle } from '@yardsale/db';

import { createScratchDatabase } from './scratch-database';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** The PGlite folder; null on PostgreSQL. */
  dataDir: string | null;
  /** The PostgreSQL database's name and URL; null on PGlite. */
  scratch: { name: string; url: string } | null;
  /** Closes it and, unless kept, removes it (saying where a kept one is). */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database for one run: PGlite in a temp folder, or a randomly named database on
 * the PostgreSQL server at `serverUrl`.
 */
export async function openBenchDatabase(
  serverUrl: string | undefined,
  options: { keep?: boolean; maxConnections?: number } = {},
): Promise<BenchDatabase> {
  const { keep = false, maxConnections } = options;
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-bench-pglite-'));
    const remove = () => rmSync(dataDir, { recursive: true, force: true });
    let handle: DatabaseHandle | undefined;
    try {
      handle = await createDatabase({ dataDir });
      await migrateDatabase(handle);
    } catch (error) {
      await handle?.close();
      remove();
      throw error;
    }
    const opened = handle;
    return {
      handle: opened,
      dataDir,
      scratch: null,
      async dispose() {
        await opened.close();
        if (keep) console.log(`Kept the embedded database in ${dataDir}`);
        else remove();
      },
    };
  }

  const scratch = await createScratchDatabase(serverUrl);
  const drop = () => scratch.drop(keep);
  let handle: DatabaseHandle | undefined;
  try {
    handle = await createDatabase({
      databaseUrl: scratch.url,
      ...(maxConnections ? { maxConnections } : {}),
    });
    await migrateDatabase(handle);
  } catch (error) {
    await handle?.close();
    await drop();
    throw error;
  }
  const opened = handle;
  return {
    handle: opened,
    dataDir: null,
    scratch: { name: scratch.name, url: scratch.url },
    async dispose() {
      // Dropping first ends a query still running after Ctrl-C at once, instead of waiting for it.
      try {
        await drop();
      } finally {
        await opened.close();
      }
    },
  };
}

export async function serverVersion(db: Database) {
  const [version] = await executeRows<{ server_version: string }>(db, sql`show server_version`);
  return version?.server_version ?? '?';
}
