import { fork } from 'node:child_process';
import path from 'node:path';

/**
 * Starts a bench script (under tsx, as this process runs) in a process of its own; with
 * `profileDir`, it runs with --cpu-prof and writes its profile there when it stops.
 */
export function forkBenchScript(script: string, args: string[], profileDir?: string) {
  return fork(path.join(import.meta.dirname, '..', script), args, {
    execArgv: [
      ...process.execArgv,
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
  });
}
