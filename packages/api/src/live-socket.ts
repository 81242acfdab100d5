import type { LiveSocket } from './context';

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * A live stream on a websocket: it ends with UNAUTHORIZED as soon as the socket's session ends (so the
 * client does not resubscribe with a dead cookie), and gives its place back when it stops, however it stops.
 */
export function followSocket(stream: unknown, socket: LiveSocket, release: () => void, signal: AbortSignal | undefined): unknown {
  let released = false;
  const done = () => {
    if (released) return;
    released = true;
    signal?.removeEventListener('abort', done);
    release();
  };
  // The adapter aborts the signal when the client stops the stream or the socket closes.
  signal?.addEventListener('abort', done, { once: true });
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
      return {
        async next() {
          try {
            const read = started ? inner.next() : socket.startStream(() => inner.next());
            started = true;
            const result = await Promise.race([read, socket.ended]);
            if (result.done) done();
            return result;
          } catch (err) {
            done();
            stopInner();
            throw err;
          }
        },
        return(value?: unknown) {
          done();
          stopInner();
          return Promise.resolve({ done: true, value });
        },
      };
    },
  };
}
