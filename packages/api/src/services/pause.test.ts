import { getEventListeners } from 'node:events';

import { describe, expect, it } from 'vitest';

import { createPause } from './pause';

describe("a background loop's pause", () => {
  it('ends on wake, after its time, or when stopped, and leaves no listener behind', async () => {
    const stop = new AbortController();
    const pause = createPause(stop.signal);
    for (let round = 0; round < 50; round += 1) {
      const slept = pause.sleep(60_000);
      pause.wake();
      await slept;
    }
    await pause.sleep(1);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);

    const long = pause.sleep(60_000);
    stop.abort();
    await long;
    // Stopped: it no longer pauses at all.
    await pause.sleep(60_000);
  });
});
