import type { IncomingMessage } from 'node:http';

/** As much of a refused upload as is read to deliver the answer: nginx's client_max_body_size. */
const UNREAD_BODY_LIMIT_BYTES = 64 * 1024 * 1024;
/** A client that sends its body slower than this gets the answer on a closed connection instead. */
const UNREAD_BODY_WAIT_MS = 10_000;

/**
 * An answer given before the request's body was read (an upload refused for want of a session, or at
 * its first bad photo): Node.js 24 closes such a connection as soon as the answer is out, so a client
 * still sending the rest of the body sees a broken pipe instead of the answer. Reading and discarding
 * the rest first lets it read "Please log in to continue". Past the limit or the wait, the connection
 * closes as before.
 */
export function drainUnreadBody(
  req: IncomingMessage,
  waitMs: number = UNREAD_BODY_WAIT_MS,
): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', done);
      req.off('error', done);
      req.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > UNREAD_BODY_LIMIT_BYTES) done();
    };
    const timer = setTimeout(done, waitMs);
    // A multipart parser given up on would hold the stream back; the rest goes nowhere.
    req.unpipe();
    req.on('data', onData);
    req.once('end', done);
    req.once('error', done);
    req.once('close', done);
    req.resume();
  });
}
