import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { DEMO_EMAILS, DEMO_PASSWORD } from '@yardsale/db/seed';
import { createTestDatabase, testDatabaseKinds } from '@yardsale/db/testing';
import type { TestDatabase } from '@yardsale/db/testing';
import { SYSTEM_ACCOUNT } from '@yardsale/validators';

import { readConfig } from './env';
import { startServer } from './start';
import type { StartedServer } from './start';

const ADMIN_EMAIL = 'boss@yardsale.test';

/** The production start (NODE_ENV=production) on a fresh database, PostgreSQL when the tests have one. */
describe.each(testDatabaseKinds())('the production start on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-start-'));
  let postgres: TestDatabase | undefined;
  let running: StartedServer | undefined;
  afterAll(async () => {
    await running?.stop();
    await postgres?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>) {
    const printed: string[] = [];
    const databaseUrl = postgres?.databaseUrl;
    const config = readConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL,
      // No built web app here: the API is enough.
      WEB_DIST_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    });
    running = await startServer(config, { print: (line) => printed.push(line) });
    return { started: running, printed };
  }

  async function stop() {
    await running?.stop();
    running = undefined;
  }

  const signIn = (url: string, email: string, password: string) =>
    fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });

  it('creates the admin and the system account, and no demo account', async () => {
    if (kind === 'postgres') postgres = await createTestDatabase('postgres');
    const { started, printed } = await start({ NODE_ENV: 'production' });

    const accounts = await started.handle.db
      .select({ email: schema.users.email, role: schema.users.role })
      .from(schema.users);
    expect(accounts.toSorted((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: ADMIN_EMAIL, role: 'admin' },
      { email: SYSTEM_ACCOUNT.email, role: 'system' },
    ]);
    expect(await started.handle.db.select().from(schema.listings)).toEqual([]);

    for (const email of DEMO_EMAILS) {
      expect((await signIn(started.url, email, DEMO_PASSWORD)).status, email).toBe(401);
    }

    // Without ADMIN_PASSWORD the admin's password was generated and printed, once.
    expect(printed).toHaveLength(1);
    const generated =
      /Admin account: boss@yardsale\.test \/ (\S+) /.exec(printed[0] ?? '')?.[1] ?? '';
    const admin = await signIn(started.url, ADMIN_EMAIL, generated);
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as { role: string }).role).toBe('admin');
    await stop();
  }, 120_000);

  it('adds no demo content to an existing database, even where it is asked for', async () => {
    const { started, printed } = await start({ NODE_ENV: 'development', SEED_DEMO: 'true' });
    expect(printed).toEqual([]);
    const emails = (
      await started.handle.db.select({ email: schema.users.email }).from(schema.users)
    ).map((u) => u.email);
    expect(emails.toSorted()).toEqual([ADMIN_EMAIL, SYSTEM_ACCOUNT.email].toSorted());
    expect((await signIn(started.url, DEMO_EMAILS[0] ?? '', DEMO_PASSWORD)).status).toBe(401);
    await stop();
  }, 120_000);
});
