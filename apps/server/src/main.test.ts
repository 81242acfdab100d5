import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, it } from 'vitest';

import { within } from '@yardsale/api/testing';

import { readConfig } from './env';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = path.join(serverDir, 'node_modules', '.bin', 'tsx');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves when the server says it is running; fails if it exits first. */
  running: Promise<void>;
}

/** What main prints once the server listens. */
const RUNNING_LINE = 'YardSale is running at';

function start(env: Record<string, string>): Running {
  let output = '';
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    // The child gets only what it needs, so the caller's own configuration cannot leak into the test.
    // eslint-disable-next-line no-restricted-properties
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const running = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (output.includes(RUNNING_LINE)) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  // A start that is meant to fail is awaited through `exited`.
  running.catch(() => undefined);
  return { child, output: () => output, exited, running };
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
