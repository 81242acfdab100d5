/**
 * A client that floods the server with websockets and live streams, run as its own process so its
 * work does not share the event loop of the server it measures:
 *   node --import tsx test/flood-client.ts '{"url":"http://127.0.0.1:1234","cookies":["a=b"],...}'
 * It opens everything at once, prints one JSON line of what was accepted and refused, then holds the
 * connections open until its standard input closes.
 */
import { UpgradeRefused, openSocket } from './socket-client';
import type { SocketClient } from './socket-client';

interface FloodPlan {
  url: string;
  /** Signed-in sockets: this many per cookie. */
  cookies: string[];
  socketsPerCookie: number;
  /** Signed-out sockets on top. */
  anonymousSockets: number;
  /** Live streams asked for on each socket that opens. */
  streamsPerSocket: number;
}

export interface FloodOutcome {
  opened: number;
  /** Refused upgrades by HTTP status. */
  refused: Record<string, number>;
  streamsStarted: number;
  /** Refused streams by message. */
  streamsRefused: Record<string, number>;
  /** How long opening everything took, in ms. */
  tookMs: number;
}

async function flood(plan: FloodPlan): Promise<{ outcome: FloodOutcome; sockets: SocketClient[] }> {
  const started = Date.now();
  const outcome: FloodOutcome = {
    opened: 0,
    refused: {},
    streamsStarted: 0,
    streamsRefused: {},
    tookMs: 0,
  };
  const cookies = [
    ...plan.cookies.flatMap((c) => Array<string | undefined>(plan.socketsPerCookie).fill(c)),
    ...Array<undefined>(plan.anonymousSockets).fill(undefined),
  ];
  const sockets: SocketClient[] = [];
  await Promise.all(
    cookies.map(async (cookie) => {
      try {
        const socket = await openSocket(plan.url, { cookie });
        sockets.push(socket);
        outcome.opened += 1;
        const streams = Array.from({ length: plan.streamsPerSocket }, () =>
          socket.subscribe('conversations.events'),
        );
        for (const answer of await Promise.all(streams.map((s) => s.started))) {
          if (answer.ok) outcome.streamsStarted += 1;
          else
            outcome.streamsRefused[answer.message] =
              (outcome.streamsRefused[answer.message] ?? 0) + 1;
        }
      } catch (err) {
        const key = err instanceof UpgradeRefused ? String(err.status) : String(err);
        outcome.refused[key] = (outcome.refused[key] ?? 0) + 1;
      }
    }),
  );
  outcome.tookMs = Date.now() - started;
  return { outcome, sockets };
}

const arg = process.argv[2];
if (arg) {
  const { outcome, sockets } = await flood(JSON.parse(arg) as FloodPlan);
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    for (const socket of sockets) socket.ws.terminate();
    process.exit(0);
  });
}
