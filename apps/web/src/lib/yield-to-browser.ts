interface YieldingScheduler {
  yield: () => Promise<void>;
}

function canYield(value: unknown): value is YieldingScheduler {
  return (
    typeof value === 'object' &&
    value !== null &&
    'yield' in value &&
    typeof value.yield === 'function'
  );
}

/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input between
 * two pieces of start-up work instead of running them as one long task. The platform's
 * `scheduler.yield()` resumes ahead of other queued work; where it is missing, a zero-delay timer.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler: unknown = Reflect.get(globalThis, 'scheduler');
  if (canYield(scheduler)) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
