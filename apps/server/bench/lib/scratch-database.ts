import { randomBytes } from 'node:crypto';

import { createDatabase, sql } from '@yardsale/db';

interface ScratchDatabase {
  name: string;
  /** The new database's URL on the same server. */
  url: string;
  /** Drops the database, ending any connection a failed run left open; `keep` leaves it and says where. */
  drop(keep?: boolean): Promise<void>;
}

/** A randomly named, empty database on the PostgreSQL server at `serverUrl`, for one bench run. */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `yardsale_bench_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = await createDatabase({ databaseUrl: serverUrl, maxConnections: 2 });
  try {
    await admin.db.execute(sql.raw(`create database "${name}"`));
  } catch (error) {
    await admin.close();
    throw error;
  }
  return {
    name,
    url: url.toString(),
    async drop(keep = false) {
      try {
        if (keep) console.log(`Kept the PostgreSQL database ${url.toString()}`);
        // FORCE ends connections a failed run left open (PostgreSQL 13+).
        else await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      } finally {
        await admin.close();
      }
    },
  };
}
