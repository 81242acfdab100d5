import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { within } from '@yardsale/api/testing';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const repoDir = path.resolve(serverDir, '..', '..');

/** The built server: what ships is what these tests run. `pnpm build` (turbo runs it before tests) makes it. */
const BUILT_SERVER = path.join(serverDir, 'dist', 'main.js');

/** The nginx configuration the product recommends (docs/deploy.md); the proxy tests run it. */
const RECOMMENDED_NGINX_CONF = path.join(repoDir, 'deploy', 'nginx', 'yardsale.conf');

export async function freePort(): Promise<number> {
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

/** What main prints once the server listens. */
const RUNNING_LINE = 'YardSale is running at';

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** The JSON log lines it printed (production logs are JSON). */
  logLines(): Record<string, unknown>[];
  exited: Promise<number | null>;
  /** Resolves once it says it is running; fails if it exits first. */
  running: Promise<void>;
}

/**
 * Starts the built server as its own process with only the given environment (plus PATH), so the
 * caller's configuration cannot leak in.
 */
export function spawnBuiltServer(env: Record<string, string>): ServerProcess {
  if (!existsSync(BUILT_SERVER)) {
    throw new Error(`${BUILT_SERVER} is missing: run \`pnpm build\` first`);
  }
  let output = '';
  const child = spawn(process.execPath, ['--enable-source-maps', BUILT_SERVER], {
    cwd: serverDir,
    // eslint-disable-next-line no-restricted-properties
    env: { PATH: process.env.PATH ?? '', ...env },
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
  running.catch(() => undefined);
  return {
    child,
    output: () => output,
    logLines: () =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited,
    running,
  };
}

/** Waits for a process to say it is running, at most `ms`. */
export async function whenRunning(server: ServerProcess, ms = 60_000): Promise<void> {
  await within(server.running, ms, () => `the server to start; it printed:\n${server.output()}`);
}

interface Nginx {
  url: string;
  port: number;
  /** The configuration it runs, as written for this test. */
  config: string;
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Starts Debian's nginx with the product's recommended configuration, pointed at the given instances
 * instead of compose's `app1:3000` and `app2:3000`, listening on a free local port.
 */
export async function startNginx(upstreamPorts: [number, number]): Promise<Nginx> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-nginx-'));
  // nginx's workers run as an unprivileged user when started as root: they must write the temp paths.
  chmodSync(dir, 0o777);
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, sub), { mode: 0o777 });
  const recommended = readFileSync(RECOMMENDED_NGINX_CONF, 'utf8');
  const replaced = recommended
    .replace(/server app1:3000 /, `server 127.0.0.1:${upstreamPorts[0]} `)
    .replace(/server app2:3000 /, `server 127.0.0.1:${upstreamPorts[1]} `)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  for (const expected of [
    `127.0.0.1:${upstreamPorts[0]}`,
    `127.0.0.1:${upstreamPorts[1]}`,
    `127.0.0.1:${port};`,
  ]) {
    if (!replaced.includes(expected))
      throw new Error(`the recommended nginx configuration changed shape: ${expected} not placed`);
  }
  const config = [
    'worker_processes 1;',
    'daemon off;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '  access_log off;',
    `  client_body_temp_path ${dir}/client_body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    replaced,
    '}',
  ].join('\n');
  const configFile = path.join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  const child = spawn('nginx', ['-p', dir, '-c', configFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const errorLog = () => {
    try {
      return readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  // Listening once a connection to its port succeeds.
  const listening = (async () => {
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (ok) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await within(
    Promise.race([
      listening,
      exited.then((code) => {
        throw new Error(`nginx exited (${code}): ${output}\n${errorLog()}`);
      }),
    ]),
    10_000,
    () => `nginx to listen: ${output}\n${errorLog()}`,
  );
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    config,
    errorLog,
    async stop() {
      child.kill('SIGQUIT');
      await within(exited, 10_000, () => 'nginx to stop');
    },
  };
}
