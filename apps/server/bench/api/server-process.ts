/** The API benchmark's servers, each in a process of its own (bench/api-server.ts). */
import { forkBenchScript } from '../lib/child';
import type { ApiServerMessage } from '../api-server';

export interface ServerProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export function startServerProcess(
  mode: 'product' | 'bare',
  databaseUrl: string,
  profileDir: string | undefined,
): Promise<ServerProcess> {
  const child = forkBenchScript('api-server.ts', [mode, databaseUrl], profileDir);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${mode} server ended (exit code ${code})`)));
    child.on('message', (raw) => {
      const message = raw as ApiServerMessage;
      if (message.type === 'problem') {
        console.error(`${mode} server: ${message.text}`);
        return;
      }
      resolve({
        url: message.url,
        pid: child.pid ?? 0,
        async stop() {
          if (child.exitCode === null && child.connected) child.send('stop');
          await exited;
        },
      });
    });
  });
}
