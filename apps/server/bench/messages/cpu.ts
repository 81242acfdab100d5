/** What a scenario costs: the server's CPU and event-loop delay, the clients' CPU and PostgreSQL's. */
import { readFileSync, readdirSync } from 'node:fs';

import type { Server } from './server-process';

const CLOCK_TICKS_PER_SECOND = 100;

/** A process's name and CPU seconds so far, from /proc/<pid>/stat (Linux); null if unreadable. */
function readStat(pid: string): { name: string; cpuSeconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat; here counted from field 3.
    return {
      name: stat.slice(stat.indexOf('(') + 1, close),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND,
    };
  } catch {
    return null;
  }
}

/** CPU seconds used so far by every PostgreSQL server process on this machine. */
function postgresCpuSeconds(): number | null {
  let total: number | null = null;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (stat && (stat.name === 'postgres' || stat.name === 'postmaster'))
      total = (total ?? 0) + stat.cpuSeconds;
  }
  return total;
}

/** Runs the sends while measuring the server's CPU and event-loop delay, the clients' CPU and PostgreSQL's. */
export async function measure(server: Server, run: () => Promise<void>) {
  const cpuBefore = process.cpuUsage();
  const serverBefore = readStat(String(server.pid));
  const pgBefore = postgresCpuSeconds();
  const wallBefore = performance.now();
  server.loopStart();
  await run();
  const loop = await server.loopStop();
  const wallMs = performance.now() - wallBefore;
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = readStat(String(server.pid));
  const pgAfter = postgresCpuSeconds();
  const percentOf = (before: number | null | undefined, after: number | null | undefined) =>
    before != null && after != null ? ((after - before) * 1000 * 100) / wallMs : null;
  return {
    wallMs,
    serverCpuPercent: percentOf(serverBefore?.cpuSeconds, serverAfter?.cpuSeconds),
    clientCpuPercent: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
    postgresCpuPercent: percentOf(pgBefore, pgAfter),
    loopDelayP99: loop.p99Ms,
    loopDelayMax: loop.maxMs,
  };
}
