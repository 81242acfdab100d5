/**
 * The server the pages are measured on: the web app built into a temporary folder, the real server
 * started on it with the demo content, on the embedded database or a fresh PostgreSQL database.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import postgres from 'postgres';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const bin = (name: string) => path.join(webRoot, 'node_modules', '.bin', name);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Builds the web app into `outDir` with the project's own Vite. */
export function buildWebApp(outDir: string) {
  execFileSync(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: webRoot,
    stdio: 'inherit',
  });
}

/** A randomly named database on a PostgreSQL server, for one run. */
export async function createBenchDatabase(serverUrl: string) {
  const name = `yardsale_web_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        // FORCE ends the connections the stopped server may have left open.
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

export interface RunningServer {
  baseURL: string;
  adminPassword: string;
  stop: () => void;
}

export async function startServer(
  distDir: string,
  dataDir: string,
  port: number,
  /** Where browsers reach it: state-changing requests and websockets must come from there. */
  appOrigin: string | undefined,
  /** PostgreSQL; the embedded database in dataDir when undefined. */
  databaseUrl: string | undefined,
  inherited: NodeJS.ProcessEnv,
): Promise<RunningServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  const adminPassword = 'bench-admin-password';
  const child = spawn('pnpm', ['--filter', '@yardsale/server', 'start'], {
    cwd: webRoot,
    // Its own process group, so stopping it also stops the tsx child that runs the server.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      WEB_DIST_DIR: distDir,
      APP_ORIGIN: appOrigin ?? baseURL,
      ADMIN_EMAIL: 'admin@yardsale.bench',
      ADMIN_PASSWORD: adminPassword,
      // Not production: that makes cookies Secure, and this server is plain http.
      NODE_ENV: 'test',
      // The pages are measured with the demo neighbourhood in them.
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  // A cold embedded database migrates and seeds on first start: give it time.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error('The server did not become healthy within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { baseURL, adminPassword, stop };
}
