import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { e2eEnv } from './env';

function freePort(): string {
  // A throwaway listener on port 0 lets the OS pick a port nobody is using.
  return execFileSync(
    process.execPath,
    [
      '-e',
      "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});",
    ],
    { encoding: 'utf8' },
  ).trim();
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * A server of the journey's own, the built server on the demo neighbourhood with its own port and
 * database, which the journey stops and starts again (the suite's shared server must stay up for
 * every other journey). Stopping it is an outage as a browser sees one: the address refuses
 * connections, the device itself still online.
 */
export class OwnServer {
  readonly port = freePort();
  readonly baseURL = `http://127.0.0.1:${this.port}`;
  readonly #dataDir = mkdtempSync(path.join(tmpdir(), 'yardsale-e2e-outage-'));
  #child: ChildProcess | undefined;

  async start(): Promise<void> {
    if (this.#child) return;
    const child = spawn(process.execPath, ['--enable-source-maps', e2eEnv.builtServer], {
      // Only what the server reads: nothing of the runner's own environment leaks into it.
      env: {
        PORT: this.port,
        HOST: '127.0.0.1',
        DATA_DIR: this.#dataDir,
        APP_ORIGIN: this.baseURL,
        NODE_ENV: 'test',
        SEED_DEMO: 'true',
        ADMIN_EMAIL: e2eEnv.admin.email,
        ADMIN_PASSWORD: e2eEnv.admin.password,
        LOG_LEVEL: 'warn',
        ...(e2eEnv.webDistDir ? { WEB_DIST_DIR: e2eEnv.webDistDir } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.#child = child;
    const deadline = Date.now() + 90_000;
    while (!(await answers(`${this.baseURL}/healthz`))) {
      if (child.exitCode !== null) throw new Error(`The server exited (${String(child.exitCode)})`);
      if (Date.now() > deadline) throw new Error('The server did not start within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Stops the server as a deploy or a crash would: every open connection drops. */
  async stop(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = undefined;
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const late = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(late);
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.#dataDir, { recursive: true, force: true });
  }
}
