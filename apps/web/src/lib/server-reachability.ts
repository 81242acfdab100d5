import { errorStatus } from './errors';

/** The first check waits a moment (the failure was just seen); later ones back off to this. */
const FIRST_CHECK_MS = 1000;
const LONGEST_WAIT_MS = 15_000;

let waiting: Promise<void> | undefined;

/**
 * Resolves once the server answers its health check again. Every screen, query and piece of code
 * that failed for want of the server waits on the same check, so an outage costs one small
 * request every few seconds, not one per waiting screen. The browser saying it is back online,
 * or the tab coming back into view, checks at once.
 */
export function whenServerAnswers(): Promise<void> {
  waiting ??= new Promise<void>((resolve) => {
    let delay = FIRST_CHECK_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let checking = false;

    const checkNow = () => {
      clearTimeout(timer);
      void check();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') checkNow();
    };
    const done = () => {
      window.removeEventListener('online', checkNow);
      document.removeEventListener('visibilitychange', onVisible);
      waiting = undefined;
      resolve();
    };
    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        const response = await fetch('/healthz', { cache: 'no-store' });
        if (response.ok) {
          done();
          return;
        }
      } catch {
        // Still unreachable: wait a little longer each time.
      } finally {
        checking = false;
      }
      timer = setTimeout(() => void check(), delay);
      delay = Math.min(delay * 2, LONGEST_WAIT_MS);
    };

    window.addEventListener('online', checkNow);
    document.addEventListener('visibilitychange', onVisible);
    timer = setTimeout(() => void check(), FIRST_CHECK_MS);
  });
  return waiting;
}

/**
 * True when the server never answered (no connection, server down, a dropped request, a screen's
 * code that could not be downloaded) or a gateway in front of it answered in its place: asking
 * again once it answers may well work. A refusal from the server itself will not change.
 */
export function isServerUnreachable(error: unknown): boolean {
  const status = errorStatus(error);
  if (status !== undefined) return status === 502 || status === 503 || status === 504;
  if (!(error instanceof Error)) return false;
  // tRPC's client error with no answer wraps the browser's own.
  if (error.name === 'TRPCClientError') {
    return !('data' in error) || error.data === undefined || error.data === null;
  }
  // What browsers throw for a request or a module download that got no answer.
  return error instanceof TypeError && NO_ANSWER.test(error.message);
}

/** Chromium, Firefox and Safari's words for a fetch or a dynamic import with no answer. */
const NO_ANSWER =
  /failed to fetch|networkerror|load failed|network connection|dynamically imported module|importing a module script failed/i;
