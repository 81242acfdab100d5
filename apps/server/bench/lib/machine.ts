/** What the benchmarks say about the machine, so that a figure can be read against it. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** The processor's name, from lscpu where there is one, else as Node reads it. */
export function cpuModel() {
  try {
    const model = /^Model name:\s*(.+)$/m.exec(execFileSync('lscpu', { encoding: 'utf8' }))?.[1];
    if (model) return model.trim();
  } catch {
    // No lscpu (not Linux): what Node reads.
  }
  return os.cpus()[0]?.model ?? 'unknown CPU';
}

export const cpuCount = () => os.cpus().length;

/** The 1-minute load average: other work on the machine shows up in the percentiles. */
export const loadAverage = () => os.loadavg()[0] ?? 0;

/** The 1-, 5- and 15-minute load averages, as "0.52 0.61 0.70". */
export const loadAverages = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
