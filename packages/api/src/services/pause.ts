/**
 * A background loop's pause between rounds (the outbox worker, the saved-search matcher): `sleep(ms)`
 * ends after `ms`, on `wake()`, or when `signal` aborts, whichever comes first, and leaves nothing
 * registered on the signal, however many rounds the loop runs.
 */
interface Pause {
  sleep(ms: number): Promise<void>;
  /** Ends the current sleep now; does nothing while the loop is awake. */
  wake(): void;
}

export function createPause(signal: AbortSignal): Pause {
  let wakeNow: (() => void) | null = null;
  return {
    wake() {
      wakeNow?.();
    },
    sleep(ms) {
      if (signal.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          wakeNow = null;
          resolve();
        };
        const timer = setTimeout(done, ms);
        timer.unref();
        signal.addEventListener('abort', done, { once: true });
        wakeNow = done;
      });
    },
  };
}
