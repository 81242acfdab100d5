import { seconds } from './format';

/** A failed statement's error carries its parameters (megabytes of seed rows): the messages only. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const short = (e: Error) => e.message.replace(/\s+/g, ' ').slice(0, 400);
  const cause = error.cause instanceof Error ? `\n  cause: ${short(error.cause)}` : '';
  return `${error.name}: ${short(error)}${cause}\n${error.stack?.split('\n').slice(1, 6).join('\n') ?? ''}`;
}

/**
 * Runs a benchmark to its end: what it made is cleaned up once, after the run or on Ctrl-C (a
 * database still being created is waited for, so that it is dropped too), the total time printed,
 * and the process ends with exit code 1 when the run failed or threw.
 */
export async function runBench(bench: {
  /** The run itself; false when it failed (a missed target, a broken result). */
  run(): Promise<boolean>;
  cleanUp(): Promise<void>;
  describeFailure?: (error: unknown) => string;
}): Promise<never> {
  const startedAt = performance.now();
  let cleaning: Promise<void> | undefined;
  // Once only: Ctrl-C and the normal end may both ask for it.
  const cleanUp = () => (cleaning ??= bench.cleanUp());
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  let failed = false;
  try {
    failed = !(await bench.run());
  } catch (error) {
    // After Ctrl-C, the query cut short by closing the database is no news.
    if (!cleaning) console.error((bench.describeFailure ?? describeFailure)(error));
    failed = true;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await cleanUp();
  }
  console.log(`Total time ${seconds(performance.now() - startedAt)}`);
  process.exit(failed ? 1 : 0);
}
