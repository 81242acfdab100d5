/** What every benchmark's server is started with. */
import type { Logger, ServerDeps } from '@yardsale/api';

export const BENCH_ADMIN_EMAIL = 'admin@yardsale.bench';

/** A rate limit nothing reaches: the benchmarks measure the path, not the limit. */
export const HIGH_LIMIT = { points: 1_000_000_000, durationSeconds: 1 };

export const benchLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  // Server faults are what the benchmark must not hide.
  error: (obj, msg) => console.error('server error:', msg ?? '', obj),
};

export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** A new remembered session for the user, as the Cookie header a browser would send. */
export async function sessionCookie(deps: ServerDeps, userId: number) {
  const { cookie } = await deps.sessions.create(userId, true);
  return `${cookie.name}=${cookie.value}`;
}
