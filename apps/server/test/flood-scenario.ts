/**
 * One websocket flood against a running server while a signed-in bystander keeps probing /healthz
 * and /api/user. The test asserts what the flood met (bounds, every probe answered); the bench
 * (`pnpm bench:flood`) reports how long the probes took, since that depends on the machine.
 */
import { spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { fileURLToPath } from 'node:url';

import { within } from '@yardsale/api/testing';
import { LIVE_SOCKET_LIMITS } from '@yardsale/validators';

import type { FloodOutcome } from './flood-client';
import { sendJson as post } from './test-server';
import type { TestServer } from './test-server';

const PASSWORD = 'flood-pass-1';
let people = 0;

/** Signs a new account up; rate limits of the server must allow a handful. */
async function registerFloodAccount(server: TestServer, firstName: string) {
  people += 1;
  const res = await post(server, '/api/register', {
    email: `flood-${people}-${Date.now()}@example.com`,
    password: PASSWORD,
    firstName,
    lastName: 'Its',
    termsAccepted: true,
  });
  if (res.status !== 200)
    throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.json)}`);
  return { id: res.json.id as number, cookie: res.cookie };
}

/** Runs the flood client in its own process; resolves with what it reports once everything is open. */
function startFlood(plan: {
  url: string;
  cookies: string[];
  socketsPerCookie: number;
  anonymousSockets: number;
  streamsPerSocket: number;
}) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./flood-client.ts', import.meta.url)),
      JSON.stringify(plan),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  const outcome = new Promise<FloodOutcome>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(JSON.parse(line) as FloodOutcome);
    });
    child.once('exit', (code) =>
      reject(new Error(`flood client exited with ${String(code)} before reporting`)),
    );
  });
  return {
    outcome,
    async stop() {
      child.stdin.end();
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

export interface ProbeFigures {
  probes: number;
  median: number;
  p90: number;
  max: number;
}

interface FloodResult {
  outcome: FloodOutcome;
  /** HTTP statuses the probes met, by status; every probe should meet 200. */
  probeStatuses: Record<string, number>;
  healthz: ProbeFigures;
  other: ProbeFigures;
}

function summary(ms: number[]): ProbeFigures {
  const sorted = [...ms].sort((x, y) => x - y);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { probes: ms.length, median: at(0.5), p90: at(0.9), max: at(1) };
}

/**
 * Every account's sockets five times over, each asking for 300 streams, and 1,000 signed-out
 * sockets; then messages between the flooding accounts wake every stream a few times over. A probe
 * round that does not come back within `stallMs` fails the run: the server stopped answering.
 */
export async function runFlood(server: TestServer, stallMs = 10_000): Promise<FloodResult> {
  const bystander = await registerFloodAccount(server, 'Bystander');
  const seller = await registerFloodAccount(server, 'Flood');
  const buyer = await registerFloodAccount(server, 'Flood');
  const attackers = [seller, buyer, await registerFloodAccount(server, 'Flood')];
  const form = new FormData();
  for (const [k, v] of Object.entries({
    title: 'Flood lamp',
    category: 'Home & Garden',
    listingType: 'single-item',
    priceRange: 'Free',
    address: '1 Surge St',
  }))
    form.append(k, v);
  const listing = await fetch(`${server.url}/api/listings/create-with-photos`, {
    method: 'POST',
    headers: { cookie: seller.cookie, origin: server.origin },
    body: form,
  });
  const listingId = ((await listing.json()) as { id: number }).id;
  const conversationId = (await post(server, '/api/conversations', { listingId }, buyer.cookie))
    .json.id as number;

  const latencies: { healthz: number[]; other: number[] } = { healthz: [], other: [] };
  const probeStatuses: Record<string, number> = {};
  let probing = true;
  const probed = new EventEmitter();
  /** Waits until the probes measured `rounds` more times: they answer while the server works. */
  const probeRounds = async (rounds: number) => {
    for (let i = 0; i < rounds; i++) {
      await within(once(probed, 'round'), stallMs, `probe round ${i + 1} of ${rounds}`);
    }
  };
  /** Times one request; a request that fails outright counts as status "failed". */
  const timed = async (into: number[], url: string, init?: RequestInit) => {
    const t = performance.now();
    const status = await fetch(url, init).then(
      (res) => String(res.status),
      () => 'failed',
    );
    into.push(performance.now() - t);
    probeStatuses[status] = (probeStatuses[status] ?? 0) + 1;
  };
  const probe = async () => {
    while (probing) {
      await timed(latencies.healthz, `${server.url}/healthz`);
      await timed(latencies.other, `${server.url}/api/user`, {
        headers: { cookie: bystander.cookie },
      });
      probed.emit('round');
      // A steady sampling rate, so calm moments do not outnumber busy ones in the figures.
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  const flood = startFlood({
    url: server.url,
    cookies: attackers.map((a) => a.cookie),
    socketsPerCookie: LIVE_SOCKET_LIMITS.socketsPerUser * 5,
    anonymousSockets: 1000,
    streamsPerSocket: 300,
  });
  const probing$ = probe();
  // Probes keep coming back while the flood opens its sockets, or the run fails.
  let lastRound = performance.now();
  probed.on('round', () => {
    lastRound = performance.now();
  });
  let watchdog: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    watchdog = setInterval(() => {
      if (performance.now() - lastRound > stallMs)
        reject(new Error(`no probe came back for ${stallMs} ms while the flood opened`));
    }, 250);
  });
  try {
    const outcome = await Promise.race([flood.outcome, stalled]);
    clearInterval(watchdog);
    for (let i = 0; i < 5; i++) {
      const wake = await post(
        server,
        `/api/conversations/${conversationId}/messages`,
        { content: `wake ${i}` },
        buyer.cookie,
      );
      if (wake.status !== 200) throw new Error(`a message answered ${wake.status}`);
      await probeRounds(3);
    }
    await probeRounds(10);
    probing = false;
    await probing$;
    return {
      outcome,
      probeStatuses,
      healthz: summary(latencies.healthz),
      other: summary(latencies.other),
    };
  } finally {
    clearInterval(watchdog);
    probing = false;
    await flood.stop();
  }
}
