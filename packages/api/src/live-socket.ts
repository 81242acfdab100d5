import type { LiveSocket } from './context';
import type { ServerDeps } from './services/types';

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * A live stream on a websocket (decision 024). It reads the database when it starts and whenever its
 * user is woken; those reads take the client's turn, one stream at a time, so a client with hundreds
 * of streams cannot fill the database's queue. It ends with UNAUTHORIZED as soon as the socket's
 * session ends (so the client does not resubscribe with a dead cookie), and gives its place back
 * when it stops, however it stops.
 */
export function liveStream(
  socket: LiveSocket,
  deps: ServerDeps,
  release: () => void,
  signal: AbortSignal | undefined,
) {
  let released = false;
  const done = () => {
    if (released) return;
    released = true;
    signal?.removeEventListener('abort', done);
    release();
  };
  // The adapter aborts the signal when the client stops the stream or the socket closes.
  signal?.addEventListener('abort', done, { once: true });

  /** Ends the turn of the read in progress; called when the read has yielded its events. */
  let endTurn: (() => void) | null = null;
  let wakeQueued = false;
  const pacedServices: ServerDeps = {
    ...deps,
    events: {
      ...deps.events,
      subscribe: (userId, onWake) =>
        deps.events.subscribe(userId, () => {
          // Wake-ups that arrive while one is waiting for its turn are one read.
          if (wakeQueued) return;
          wakeQueued = true;
          socket.takeTurn((finished) => {
            wakeQueued = false;
            endTurn = finished;
            onWake();
          });
        }),
    },
  };
  const yielded = () => {
    endTurn?.();
    endTurn = null;
  };

  function follow(stream: unknown): unknown {
    if (!isAsyncIterable(stream)) {
      done();
      return stream;
    }
    return {
      [Symbol.asyncIterator](): AsyncIterator<unknown> {
        const inner = stream[Symbol.asyncIterator]();
        // Not awaited: a generator waiting for its next event only finishes once the signal aborts.
        const stopInner = () => void inner.return?.().catch(() => undefined);
        let started = false;
        const firstRead = () =>
          new Promise<IteratorResult<unknown>>((resolve, reject) => {
            socket.takeTurn((finished) => {
              endTurn = finished;
              inner.next().then(resolve, reject);
            });
          });
        return {
          async next() {
            try {
              const read = started ? inner.next() : firstRead();
              started = true;
              const result = await Promise.race([read, socket.ended]);
              yielded();
              if (result.done) done();
              return result;
            } catch (err) {
              yielded();
              done();
              stopInner();
              throw err;
            }
          },
          return(value?: unknown) {
            yielded();
            done();
            stopInner();
            return Promise.resolve({ done: true, value });
          },
        };
      },
    };
  }

  return { deps: pacedServices, follow, abandon: done };
}
