import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { within } from '@yardsale/api/testing';

import { readConfig } from './env';
import { freePort, spawnBuiltServer } from '../test/process-testing';
import type { ServerProcess } from '../test/process-testing';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
/** What ships: `pnpm build` makes it, and turbo builds it before this package's tests. */
const builtServer = path.join(serverDir, 'dist', 'main.js');

type Running = ServerProcess;

/** Runs the built server as `pnpm start` does, quietly and in test mode unless told otherwise. */
function start(env: Record<string, string>): Running {
  return spawnBuiltServer({ LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env });
}

/** Waits for the server to say it is running (at most a minute), then for /healthz to answer. */
async function waitForHealth(url: string, running: Running, timeoutMs = 60_000) {
  await within(running.running, timeoutMs, () => `the server to start:\n${running.output()}`);
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
}

describe('configuration', () => {
  it('names the variable that is wrong', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => readConfig({ APP_ORIGIN: 'not a url' })).toThrow(/APP_ORIGIN/);
  });

  it('has working defaults', () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it('refuses to start with a bad value and says which', async () => {
    const running = start({ PORT: 'not-a-port', DATA_DIR: os.tmpdir() });
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/PORT/);
  });
});

describe('the server process on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds on first start, keeps data across a restart, and drains on SIGTERM', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'admin-pass-1',
    };

    const first = start(env);
    await waitForHealth(url, first);
    // Operators learn from the start where the embedded database stops carrying live messages.
    expect(first.output()).toContain('For more, set DATABASE_URL to a PostgreSQL server.');
    const reg = await fetch(`${url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'kept@example.com',
        password: 'kept-pass-1',
        firstName: 'Kay',
        lastName: 'Pt',
        termsAccepted: true,
      }),
    });
    expect(reg.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = start(env);
    await waitForHealth(url, second);
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kept@example.com', password: 'kept-pass-1' }),
    });
    expect(login.status).toBe(200);
    const admin = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@yardsale.local', password: 'admin-pass-1' }),
    });
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as { role: string }).role).toBe('admin');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});

describe('the built server (dist/main.js)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-built-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says at start how mail and push leave: loudly off in production without their settings, else the outbox folder and kept keys', async () => {
    const cases: { env: Record<string, string>; said: string[]; notSaid?: string }[] = [
      {
        env: { NODE_ENV: 'production' },
        said: ['Mail is off: SMTP_URL is not set', 'Push is off: VAPID_PUBLIC_KEY'],
      },
      {
        env: { NODE_ENV: 'development', LOG_LEVEL: 'info', SEED_DEMO: 'false' },
        said: ['No SMTP_URL: mail is written to the outbox folder'],
        notSaid: 'Push is off',
      },
    ];
    for (const [i, { env, said, notSaid }] of cases.entries()) {
      const port = await freePort();
      const server = start({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, `mail-${String(i)}`),
        ADMIN_PASSWORD: 'admin-pass-1',
        ...env,
      });
      await waitForHealth(`http://127.0.0.1:${port}`, server);
      for (const line of said) expect(server.output()).toContain(line);
      if (notSaid) expect(server.output()).not.toContain(notSaid);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 120_000);

  it('serves the demo neighbourhood: sign-in, listings and their stored photos', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'demo'),
      ADMIN_PASSWORD: 'admin-pass-1',
      // Migrations from dist/drizzle, photos rendered by sharp, passwords hashed by argon2.
      SEED_DEMO: 'true',
    });
    await waitForHealth(url, server);

    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'maria.gonzalez@example.com', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const page = await fetch(`${url}/api/listings?limit=5`, {
      headers: { cookie: cookie.join('; ') },
    });
    expect(page.status).toBe(200);
    const { items } = (await page.json()) as {
      items: { title: string; primaryImage: { thumbnailUrl: string } | null }[];
    };
    expect(items.length).toBeGreaterThan(0);
    const photo = items.find((item) => item.primaryImage)?.primaryImage;
    expect(photo).toBeDefined();
    const image = await fetch(`${url}${photo?.thumbnailUrl ?? ''}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    // The web app, found from the bundle in apps/web/dist (turbo builds it before these tests).
    const home = await fetch(`${url}/`);
    expect(home.status, 'the built web app (apps/web/dist): run `pnpm build`').toBe(200);
    expect(await home.text()).toContain('<div id="root">');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('names the TypeScript source lines in a stack trace', async () => {
    // A data folder that is a file fails the start with a filesystem error and its stack.
    const notAFolder = path.join(dataDir, 'a-file');
    writeFileSync(notAFolder, '');
    const server = start({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: notAFolder });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/ENOTDIR/);
    // The start's own frame, as a line of its TypeScript source (source maps), not of the bundle.
    expect(server.output()).toMatch(
      /at (async )?startServer \(.*[\\/]apps[\\/]server[\\/]src[\\/]start\.ts:\d+:\d+\)/,
    );
    expect(server.output()).not.toContain(builtServer);
  });

  it('finds the same folders from the bundle as from source', () => {
    const bundle = pathToFileURL(builtServer).href;
    const sites = [
      {
        file: path.join(serverDir, 'src', 'env.ts'),
        folder: path.join(serverDir, '..', 'web', 'dist'),
      },
      {
        file: path.join(serverDir, '..', '..', 'packages', 'db', 'src', 'env.ts'),
        folder: path.join(serverDir, '..', '..', 'data'),
      },
      {
        file: path.join(serverDir, '..', '..', 'packages', 'db', 'src', 'client.ts'),
        folder: path.join(serverDir, '..', '..', 'packages', 'db', 'drizzle'),
      },
    ];
    for (const { file, folder } of sites) {
      const call =
        /locate\(import\.meta\.url, \{\s*fromSource: '([^']+)',[^\n]*\s*fromBundle: '([^']+)'/.exec(
          readFileSync(file, 'utf8'),
        );
      expect(call, file).not.toBeNull();
      const [, fromSource = '', fromBundle = ''] = call ?? [];
      expect(fileURLToPath(new URL(fromSource, pathToFileURL(file)))).toBe(path.resolve(folder));
      const fromDist = fileURLToPath(new URL(fromBundle, bundle));
      if (fromDist.startsWith(path.join(serverDir, 'dist'))) {
        // Carried in dist/ by the build: the same files.
        expect(readdirSync(fromDist, { recursive: true }).sort()).toEqual(
          readdirSync(folder, { recursive: true }).sort(),
        );
      } else {
        expect(fromDist).toBe(path.resolve(folder));
      }
    }
  });

  it('imports only packages installed for apps/server', () => {
    const manifest = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const code = readdirSync(path.join(serverDir, 'dist'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(serverDir, 'dist', f), 'utf8'))
      .join('\n');
    // Static imports open a line of the output; a dynamic import of a package is written import("name").
    const specifiers = new Set(
      [
        ...code.matchAll(/^import\s[^;]*?["']([^"'./][^"']*)["'];?$/gm),
        ...code.matchAll(/\bimport\("([^"./][^"]*)"\)/g),
      ].map((m) => m[1] ?? ''),
    );
    const packages = [...specifiers]
      .filter((s) => !s.startsWith('node:'))
      .map((s) =>
        s
          .split('/')
          .slice(0, s.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    // Native and file-loading packages stay outside the bundle, like every other installed one.
    for (const outside of [
      'sharp',
      '@node-rs/argon2',
      '@electric-sql/pglite',
      'pino-pretty',
      'fastify',
    ])
      expect(packages).toContain(outside);
    for (const name of new Set(packages)) {
      expect(manifest.dependencies, `${name} is imported by the bundle`).toHaveProperty([name]);
      expect(existsSync(path.join(serverDir, 'node_modules', name)), name).toBe(true);
    }
  });
});
