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
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import postgres from 'postgres';
import { describe, expect } from 'vitest';

import { createDatabase, migrateDatabase, migrationsFolder } from '../src/client';
import type { DatabaseHandle } from '../src/client';
import { readTestDatabaseUrl, readTestServices } from '../src/env';
import type { TestServices } from '../src/env';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** `databaseUrl` is set for PostgreSQL, so a test can open a second connection pool (another server instance). */
export type TestDatabase = DatabaseHandle & { storageDir: string; databaseUrl?: string };

/**
 * Always PGlite; also PostgreSQL when TEST_DATABASE_URL names a server to create databases on. Without
 * it the calling file's suites skip their PostgreSQL runs, and say so (see `testServiceUrl`).
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  const file = expect.getState().testPath;
  const suites = `the suites of ${file ? path.relative(process.cwd(), file) : 'this file'} on PostgreSQL`;
  return testServiceUrl('TEST_DATABASE_URL', suites) ? ['pglite', 'postgres'] : ['pglite'];
}

/** A service some suites need besides the embedded database, named by the variable that points at it. */
export type TestService = 'TEST_DATABASE_URL' | 'TEST_REDIS_URL';

const skipsSaid = new Set<string>();

/**
 * The URL of a service a suite needs, or undefined when none is configured: the suite is then skipped
 * and says so in one line on stderr, naming the variable that would run it, so a local run never looks
 * complete when it is not. In CI (CI=true) every suite must run: a missing service fails instead.
 */
export function testServiceUrl(
  variable: TestService,
  suite: string,
  services: TestServices = readTestServices(),
): string | undefined {
  const url = services[variable];
  if (url) return url;
  if (services.ci) {
    throw new Error(`CI=true but ${variable} is not set: ${suite} must run in CI, not be skipped.`);
  }
  const line = `SKIPPED ${suite} (runs when ${variable} is set)`;
  if (!skipsSaid.has(line)) {
    skipsSaid.add(line);
    console.error(line);
  }
  return undefined;
}

/**
 * A suite that runs only with PostgreSQL (TEST_DATABASE_URL) or Redis (TEST_REDIS_URL), given the
 * service's URL; without it, skipped and said so locally, and failing in CI.
 */
export function describeWithService(
  variable: TestService,
  name: string,
  body: (url: string) => void,
): void {
  const url = testServiceUrl(variable, `"${name}"`);
  if (url) describe(name, () => body(url));
  else describe.skip(name, () => undefined);
}

/*
 * A cold PGlite start (initdb) takes seconds; starting from a dump of an already migrated database takes
 * a few hundred milliseconds. The dump is made once per process and also kept in the system temp folder,
 * named by a hash of the migrations and the PGlite build, so later test processes skip initdb entirely.
 */
let pgliteTemplate: Promise<Blob> | undefined;

async function templateCachePath(): Promise<string> {
  const hash = createHash('sha256');
  // The resolved path carries the installed PGlite version (pnpm store layout); its size catches the rest.
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(`${pgliteEntry}:${(await stat(pgliteEntry)).size}`);
  const files = (await readdir(migrationsFolder, { recursive: true })).sort();
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('_journal.json')) continue;
    hash.update(file);
    hash.update(await readFile(path.join(migrationsFolder, file)));
  }
  return path.join(tmpdir(), `yardsale-pglite-template-${hash.digest('hex').slice(0, 20)}.tar`);
}

async function buildPgliteTemplate(): Promise<Blob> {
  const cachePath = await templateCachePath();
  try {
    return new Blob([await readFile(cachePath)]);
  } catch {
    // Not cached yet: build it below.
  }
  const handle = await createDatabase({ inMemory: true });
  let dump: Blob;
  try {
    await migrateDatabase(handle);
    if (!handle.pglite) throw new Error('Expected an embedded database');
    dump = await handle.pglite.dumpDataDir('none');
  } finally {
    await handle.close();
  }
  // Write then rename, so a test process running in parallel never reads half a file.
  const partial = `${cachePath}.${randomBytes(6).toString('hex')}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, cachePath);
  return dump;
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

export async function createTestDatabase(
  kind: TestDatabaseKind,
  options: { onQuery?: (query: string) => void } = {},
): Promise<TestDatabase> {
  const storageDir = await mkdtemp(path.join(tmpdir(), 'yardsale-test-uploads-'));
  const removeStorage = () => rm(storageDir, { recursive: true, force: true });
  try {
    const handle =
      kind === 'pglite'
        ? await createPgliteTestDatabase(options.onQuery)
        : await createPostgresTestDatabase(options.onQuery);
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

async function createPgliteTestDatabase(
  onQuery?: (query: string) => void,
): Promise<DatabaseHandle> {
  return createDatabase({ inMemory: true, loadDataDir: await migratedPgliteTemplate(), onQuery });
}

async function createPostgresTestDatabase(
  onQuery?: (query: string) => void,
): Promise<DatabaseHandle & { databaseUrl: string }> {
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
    handle = await createDatabase({
      databaseUrl: databaseUrl.toString(),
      maxConnections: 4,
      onQuery,
    });
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
    databaseUrl: databaseUrl.toString(),
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
