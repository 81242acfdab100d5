/**
 * Databases for test suites: each call gives a fresh, migrated, empty database and a scratch storage folder,
 * both removed on close.
 *
 *   for (const kind of testDatabaseKinds()) describe(kind, () => {
 *     let handle: TestDatabase;
 *     beforeAll(async () => { handle = await createTestDatabase(kind); });
 *     afterAll(() => handle.close());
 *   });
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import postgres from 'postgres';

import { createDatabase, migrateDatabase } from './client';
import type { DatabaseHandle } from './client';
import { readTestDatabaseUrl } from './env';

export type TestDatabaseKind = 'pglite' | 'postgres';

export type TestDatabase = DatabaseHandle & { storageDir: string };

/** Always PGlite; also PostgreSQL when TEST_DATABASE_URL names a server to create databases on. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return readTestDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

/*
 * A cold PGlite start (initdb) takes seconds; starting from a dump of an already migrated database takes
 * a few hundred milliseconds. The template is made once per process (each Vitest worker).
 */
let pgliteTemplate: Promise<Blob> | undefined;

async function buildPgliteTemplate(): Promise<Blob> {
  const handle = await createDatabase({ inMemory: true });
  try {
    await migrateDatabase(handle);
    if (!handle.pglite) throw new Error('Expected an embedded database');
    return await handle.pglite.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

function migratedPgliteTemplate(): Promise<Blob> {
  if (!pgliteTemplate) {
    const attempt = buildPgliteTemplate();
    // A failed attempt must not poison every later test in the process.
    attempt.catch(() => {
      if (pgliteTemplate === attempt) pgliteTemplate = undefined;
    });
    pgliteTemplate = attempt;
  }
  return pgliteTemplate;
}

export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  const storageDir = await mkdtemp(path.join(tmpdir(), 'yardsale-test-uploads-'));
  const removeStorage = () => rm(storageDir, { recursive: true, force: true });
  try {
    const handle =
      kind === 'pglite' ? await createPgliteTestDatabase() : await createPostgresTestDatabase();
    return {
      ...handle,
      storageDir,
      async close() {
        try {
          await handle.close();
        } finally {
          await removeStorage();
        }
      },
    };
  } catch (error) {
    await removeStorage();
    throw error;
  }
}

async function createPgliteTestDatabase(): Promise<DatabaseHandle> {
  return createDatabase({ inMemory: true, loadDataDir: await migratedPgliteTemplate() });
}

async function createPostgresTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = readTestDatabaseUrl();
  if (!serverUrl) throw new Error('createTestDatabase("postgres") needs TEST_DATABASE_URL');
  const name = `yardsale_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;

  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  const dropDatabase = async () => {
    // FORCE ends connections a test left open (PostgreSQL 13+).
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  };
  try {
    await admin.unsafe(`create database "${name}"`);
  } catch (error) {
    await admin.end();
    throw error;
  }

  let handle: DatabaseHandle | undefined;
  try {
    handle = await createDatabase({ databaseUrl: databaseUrl.toString(), maxConnections: 4 });
    await migrateDatabase(handle);
  } catch (error) {
    await handle?.close();
    await dropDatabase();
    await admin.end();
    throw error;
  }

  const opened = handle;
  return {
    ...opened,
    async close() {
      try {
        await opened.close();
        await dropDatabase();
      } finally {
        await admin.end();
      }
    },
  };
}
