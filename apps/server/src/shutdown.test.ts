import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { until, within } from '@yardsale/api/testing';

import { freePort, spawnBuiltServer, whenRunning } from '../test/process-testing';

/** The server process stopping on SIGTERM with a request that never finishes holding it open. */
describe('the server process stops by its deadline', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is not ready once stopping, and exits non-zero by SHUTDOWN_TIMEOUT_MS when the drain hangs', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const timeoutMs = 2_000;
    const server = spawnBuiltServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'admin-pass-1',
      SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
      SHUTDOWN_DELAY_MS: '500',
    });
    let held: net.Socket | undefined;
    try {
      await whenRunning(server);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);

      // A request whose body never comes: the drain waits for it to finish, which it never does.
      held = net.connect(port, '127.0.0.1');
      held.on('error', () => undefined);
      await new Promise<void>((resolve) => held?.once('connect', () => resolve()));
      held.write(
        'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 4096\r\n\r\n{"email":',
      );
      // The server has the request (it logs each one as its headers arrive).
      await until(
        () =>
          server
            .logLines()
            .some(
              (line) =>
                line.msg === 'incoming request' &&
                (line.req as { url?: string } | undefined)?.url === '/api/login',
            ),
        5_000,
        () => `the server to receive the unfinished request; it printed:\n${server.output()}`,
      );

      const signalled = performance.now();
      server.child.kill('SIGTERM');
      // While stopping, the process still answers, and says it is not ready (SHUTDOWN_DELAY_MS): it
      // turns not ready in the same step as it logs that it is stopping.
      await until(
        () => server.logLines().some((line) => line.msg === 'shutting down'),
        5_000,
        () => `the server to start stopping; it printed:\n${server.output()}`,
      );
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'draining' });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      const code = await within(server.exited, timeoutMs + 5_000, () => {
        return `the process to exit after SIGTERM; it printed:\n${server.output()}`;
      });
      const took = performance.now() - signalled;
      expect(code).toBe(1);
      // It waited for the drain until the deadline, not less, and not much more.
      expect(took).toBeGreaterThanOrEqual(timeoutMs - 100);
      expect(took).toBeLessThan(timeoutMs + 3_000);
      expect(
        server.logLines().some((line) => String(line.msg).includes('SHUTDOWN_TIMEOUT_MS')),
        server.output(),
      ).toBe(true);
    } finally {
      held?.destroy();
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }, 90_000);
});
