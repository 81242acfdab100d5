import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { isServerUnreachable, whenServerAnswers } from './server-reachability';

function trpcError(message: string, data: Record<string, unknown> | undefined) {
  return new TRPCClientError(message, {
    result: { error: { code: -32600, message, data } },
  });
}

describe('telling an unreachable server from a refusal', () => {
  it('waits for the server after no answer, a lost module download or a gateway standing in', () => {
    expect(isServerUnreachable(new TRPCClientError('Failed to fetch'))).toBe(true);
    expect(isServerUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(
      isServerUnreachable(
        new TypeError('Failed to fetch dynamically imported module: https://x/assets/toaster-a.js'),
      ),
    ).toBe(true);
    expect(isServerUnreachable(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(
      isServerUnreachable(new TypeError('NetworkError when attempting to fetch resource.')),
    ).toBe(true);
    expect(isServerUnreachable(trpcError('Bad gateway', { httpStatus: 502 }))).toBe(true);
  });

  it('does not wait on what the server refused or on a bug in the page', () => {
    expect(isServerUnreachable(trpcError('No such listing', { httpStatus: 404 }))).toBe(false);
    expect(isServerUnreachable(trpcError('Too many messages', { httpStatus: 429 }))).toBe(false);
    expect(isServerUnreachable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isServerUnreachable(new Error('boom'))).toBe(false);
    expect(isServerUnreachable('Failed to fetch')).toBe(false);
  });
});

describe('waiting for the server', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks /healthz with a growing pause, once for every waiter, until it answers', async () => {
    vi.useFakeTimers();
    const listeners = { addEventListener: vi.fn(), removeEventListener: vi.fn() };
    vi.stubGlobal('window', listeners);
    vi.stubGlobal('document', { ...listeners, visibilityState: 'visible' });
    const answers = [false, false, true];
    const fetch = vi.fn((url: string) => {
      expect(url).toBe('/healthz');
      return answers.shift()
        ? Promise.resolve(new Response('ok'))
        : Promise.reject(new TypeError('Failed to fetch'));
    });
    vi.stubGlobal('fetch', fetch);

    let answered = 0;
    const first = whenServerAnswers().then(() => (answered += 1));
    const second = whenServerAnswers().then(() => (answered += 1));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    // The pause has doubled: nothing more after one more second.
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(3);
    await Promise.all([first, second]);
    expect(answered).toBe(2);
  });
});
