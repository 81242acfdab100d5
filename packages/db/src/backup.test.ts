import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDatabase, migrateDatabase } from './client';
import { startS3Server } from '../test/s3-testing';
import type { S3TestServer } from '../test/s3-testing';
import { seedDatabase } from './seed';
import { createLocalStorage } from './storage';
import { createS3Storage } from './storage-s3';
import { createTestDatabase, describeWithService } from '../test/testing';
import type { TestDatabase } from '../test/testing';

/*
 * deploy/backup.sh and deploy/restore.sh, run as an operator would: a seeded database and its photos
 * backed up, restored into an empty database and storage, and compared table by table and photo by photo.
 */

const deployDir = fileURLToPath(new URL('../../../deploy', import.meta.url));
const run = promisify(execFile);

// The scripts get only what they need: a developer's own DATABASE_URL or S3_* must not leak in.
function scriptEnv(variables: Record<string, string>): Record<string, string> {
  // eslint-disable-next-line no-restricted-properties -- the scripts find pnpm, node and pg_dump on it
  const PATH = process.env.PATH ?? '';
  return { PATH, ...variables };
}

async function runScript(
  name: 'backup.sh' | 'restore.sh',
  folder: string,
  env: Record<string, string>,
) {
  return run('sh', [path.join(deployDir, name), folder], {
    env: scriptEnv(env),
    timeout: 120_000,
  });
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Rows per table of every schema but the system's, listed from the catalog so a table added later is
 * compared too (drizzle's migration journal included).
 */
async function rowCounts(query: Query): Promise<Record<string, number>> {
  const tables = await query(
    `select table_schema, table_name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by table_schema, table_name`,
  );
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const schema = String(table.table_schema);
    const name = String(table.table_name);
    const [row] = await query(`select count(*)::int as n from ${quote(schema)}.${quote(name)}`);
    counts[`${schema}.${name}`] = Number(row?.n);
  }
  return counts;
}

/** Every file under a folder, as paths relative to it, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** What a seeded demo must have, so equal counts cannot come from two empty databases. */
function expectDemoContent(counts: Record<string, number>): void {
  expect(counts['public.users']).toBeGreaterThan(10);
  expect(counts['public.listings']).toBeGreaterThan(10);
  expect(counts['public.listing_images']).toBeGreaterThan(10);
  expect(counts['public.messages']).toBeGreaterThan(0);
  expect(counts['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
}

describeWithService(
  'TEST_DATABASE_URL',
  'backup and restore on PostgreSQL with a bucket',
  (serverUrl) => {
    let scratch: string;
    let original: TestDatabase;
    let originalBucket: S3TestServer;
    let restoredBucket: S3TestServer;
    let restoredUrl: string;
    let restored: postgres.Sql;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
    const restoredName = `yardsale_test_restored_${randomBytes(6).toString('hex')}`;

    beforeAll(async () => {
      scratch = await mkdtemp(path.join(tmpdir(), 'yardsale-backup-test-'));
      original = await createTestDatabase('postgres');
      originalBucket = await startS3Server({ bucket: 'yardsale-original' });
      const storage = createS3Storage(originalBucket.config);
      try {
        const seeded = await seedDatabase(original.db, {
          storage,
          adminEmail: 'admin@yardsale.local',
          adminPassword: 'backup-test-password',
        });
        expect(seeded.seeded).toBe(true);
      } finally {
        storage.close();
      }
      // What restore.sh is for: a new database with nothing in it, and a new bucket.
      await admin.unsafe(`create database ${quote(restoredName)}`);
      const url = new URL(serverUrl);
      url.pathname = `/${restoredName}`;
      restoredUrl = url.toString();
      restored = postgres(restoredUrl, { max: 1, onnotice: () => undefined });
      restoredBucket = await startS3Server({ bucket: 'yardsale-restored' });
    }, 180_000);

    afterAll(async () => {
      await restored.end();
      await admin.unsafe(`drop database if exists ${quote(restoredName)} with (force)`);
      await admin.end();
      await original.close();
      await originalBucket.stop();
      await restoredBucket.stop();
      await rm(scratch, { recursive: true, force: true });
    });

    it('restores every row of every table and every photo', async () => {
      const originalUrl = original.databaseUrl;
      if (!originalUrl) throw new Error('A PostgreSQL test database has a URL');
      const backup = path.join(scratch, 'backup');
      // DATA_DIR points at an empty folder: neither script may need it with a database and a bucket.
      const dataDir = path.join(scratch, 'unused-data');

      await runScript('backup.sh', backup, {
        DATABASE_URL: originalUrl,
        DATA_DIR: dataDir,
        ...originalBucket.env,
      });
      expect((await readdir(backup)).sort()).toEqual(['database.dump', 'photos']);

      await runScript('restore.sh', backup, {
        DATABASE_URL: restoredUrl,
        DATA_DIR: dataDir,
        ...restoredBucket.env,
      });

      const originalSql = original.sql;
      if (!originalSql) throw new Error('A PostgreSQL test database has a pool');
      const before = await rowCounts((text) => originalSql.unsafe(text));
      const after = await rowCounts((text) => restored.unsafe(text));
      expectDemoContent(before);
      expect(after).toEqual(before);

      const keys = await originalBucket.listKeys();
      expect(keys.length).toBeGreaterThan(10);
      expect(await restoredBucket.listKeys()).toEqual(keys);

      // Every photo the restored rows point at is in the restored bucket.
      const urls = await restored.unsafe<{ url: string }[]>(
        'select image_url as url from listing_images union select thumbnail_url from listing_images',
      );
      expect(urls.length).toBeGreaterThan(0);
      const restoredKeys = new Set(await restoredBucket.listKeys());
      for (const { url } of urls)
        expect(restoredKeys.has(url.replace(/^\/uploads\//, ''))).toBe(true);

      // The bytes of a spread of photos, first and last included.
      const from = createS3Storage(originalBucket.config);
      const to = createS3Storage(restoredBucket.config);
      try {
        const step = Math.max(1, Math.floor(keys.length / 8));
        const sample = [...keys.filter((_, index) => index % step === 0), keys.at(-1) ?? ''];
        for (const key of sample) {
          const [a, b] = await Promise.all([from.get(key), to.get(key)]);
          if (!a || !b) throw new Error(`${key} is missing from a bucket`);
          const [bytesA, bytesB] = await Promise.all([buffer(a.body), buffer(b.body)]);
          expect(bytesA.length).toBeGreaterThan(0);
          expect(bytesB.equals(bytesA)).toBe(true);
        }
      } finally {
        from.close();
        to.close();
      }
    }, 240_000);

    it('refuses to restore into a database that has tables', async () => {
      const backup = path.join(scratch, 'backup');
      await expect(
        runScript('restore.sh', backup, {
          DATABASE_URL: restoredUrl,
          DATA_DIR: path.join(scratch, 'unused-data'),
          ...restoredBucket.env,
        }),
      ).rejects.toThrow(/restore into a new, empty one/);
    });
  },
);

describe('backup and restore of the embedded database', () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'yardsale-backup-test-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('copies the stopped database and its photos into a new DATA_DIR', async () => {
    const dataDir = path.join(scratch, 'data');
    const handle = await createDatabase({ dataDir: path.join(dataDir, 'pglite') });
    let before: Record<string, number>;
    try {
      await migrateDatabase(handle);
      const seeded = await seedDatabase(handle.db, {
        storage: createLocalStorage(path.join(dataDir, 'uploads')),
        adminEmail: 'admin@yardsale.local',
        adminPassword: 'backup-test-password',
      });
      expect(seeded.seeded).toBe(true);
      const pglite = handle.pglite;
      if (!pglite) throw new Error('Expected the embedded database');
      before = await rowCounts(
        async (text) => (await pglite.query<Record<string, unknown>>(text)).rows,
      );
    } finally {
      // The backup is of a stopped database, as its usage says.
      await handle.close();
    }
    expectDemoContent(before);

    const backup = path.join(scratch, 'backup');
    await runScript('backup.sh', backup, { DATA_DIR: dataDir });
    expect(await readdir(backup)).toEqual(['data']);

    const restoredDir = path.join(scratch, 'restored');
    await runScript('restore.sh', backup, { DATA_DIR: restoredDir });

    const restored = await createDatabase({ dataDir: path.join(restoredDir, 'pglite') });
    try {
      const pglite = restored.pglite;
      if (!pglite) throw new Error('Expected the embedded database');
      const after = await rowCounts(
        async (text) => (await pglite.query<Record<string, unknown>>(text)).rows,
      );
      expect(after).toEqual(before);
    } finally {
      await restored.close();
    }

    const photos = await filesUnder(path.join(dataDir, 'uploads'));
    expect(photos.length).toBeGreaterThan(10);
    expect(await filesUnder(path.join(restoredDir, 'uploads'))).toEqual(photos);
    for (const file of photos) {
      const [a, b] = await Promise.all([
        readFile(path.join(dataDir, 'uploads', file)),
        readFile(path.join(restoredDir, 'uploads', file)),
      ]);
      expect(b.equals(a)).toBe(true);
    }

    // A second restore into the now-used folder is refused, not mixed in.
    await expect(runScript('restore.sh', backup, { DATA_DIR: restoredDir })).rejects.toThrow(
      /not empty/,
    );
  }, 240_000);
});
