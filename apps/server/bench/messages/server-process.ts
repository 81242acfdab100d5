/** The messaging benchmark's server, in a process of its own (bench/messages-server.ts), driven over IPC. */
import { forkBenchScript } from '../lib/child';
import type { Pair, ParentMessage, ServerMessage } from '../messages-server';
import { WAIT_LIMIT_MS, problems, within } from './delivery';

export interface Server {
  url: string;
  pid: number;
  pairs: Pair[];
  description: string;
  kind: 'pglite' | 'postgres';
  raisedLimits: string[];
  loopStart(): void;
  loopStop(): Promise<{ p99Ms: number; maxMs: number }>;
  stop(): Promise<void>;
  kill(): void;
}

/** Starts bench/messages-server.ts (under tsx, as this process runs) and waits for it to be ready. */
export function startServerProcess(
  serverUrl: string | undefined,
  pairCount: number,
  profileDir: string | undefined,
): Promise<Server> {
  const child = forkBenchScript(
    'messages-server.ts',
    [serverUrl ?? '', String(pairCount)],
    profileDir,
  );
  const pid = child.pid ?? 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let loopWaiter: ((loop: { p99Ms: number; maxMs: number }) => void) | undefined;
  let stopping = false;
  const tell = (message: ParentMessage) => {
    if (child.connected) child.send(message);
  };
  let ready = false;
  return new Promise<Server>((resolve, reject) => {
    child.once('exit', (code, signal) => {
      const ended = `the server process ended (exit code ${code}, signal ${signal})`;
      if (!ready) reject(new Error(ended));
      else if (!stopping) problems.push(ended);
      // Nobody is left to answer a question in flight.
      loopWaiter?.({ p99Ms: Number.NaN, maxMs: Number.NaN });
    });
    child.on('message', (raw) => {
      const message = raw as ServerMessage;
      if (message.type === 'problem') problems.push(message.text);
      else if (message.type === 'loop')
        loopWaiter?.({ p99Ms: message.p99Ms, maxMs: message.maxMs });
      else {
        ready = true;
        resolve({
          url: message.url,
          pid,
          pairs: message.pairs,
          description: message.description,
          kind: message.kind,
          raisedLimits: message.raisedLimits,
          loopStart: () => tell('loop-start'),
          loopStop: () =>
            within(
              new Promise((done) => {
                if (child.exitCode !== null || child.signalCode !== null)
                  return done({ p99Ms: Number.NaN, maxMs: Number.NaN });
                loopWaiter = done;
                tell('loop-stop');
              }),
              WAIT_LIMIT_MS,
              "the server's event-loop figures",
              { p99Ms: Number.NaN, maxMs: Number.NaN },
            ),
          kill: () => {
            stopping = true;
            child.kill('SIGKILL');
          },
          async stop() {
            stopping = true;
            if (child.exitCode === null && child.signalCode === null) tell('stop');
            await within(exited, WAIT_LIMIT_MS, 'the server process stopping', undefined);
            if (child.exitCode === null && child.signalCode === null) {
              child.kill('SIGKILL');
              await exited;
            }
          },
        });
      }
    });
  });
}
