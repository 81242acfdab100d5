import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { refreshAfterGap } from './conversation-cache';

describe('a refresh from the live stream', () => {
  it('fetches every shown query afresh and marks the rest stale', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const fetched: Record<string, number> = { list: 0, thread: 0, hidden: 0 };
    const queryFn = (name: string) => () => {
      fetched[name] = (fetched[name] ?? 0) + 1;
      return Promise.resolve(`${name} ${fetched[name]}`);
    };
    // Shown: the conversation list (badge) and an open thread; not shown: a page visited earlier.
    const shown = ['list', 'thread'].map((name) => {
      const observer = new QueryObserver(queryClient, { queryKey: [name], queryFn: queryFn(name) });
      return observer.subscribe(() => undefined);
    });
    await queryClient.query({ queryKey: ['hidden'], queryFn: queryFn('hidden') });
    await queryClient.refetchQueries();
    const before = { ...fetched };

    await refreshAfterGap(queryClient);

    expect(fetched.list).toBe((before.list ?? 0) + 1);
    expect(fetched.thread).toBe((before.thread ?? 0) + 1);
    expect(queryClient.getQueryData(['list'])).toBe(`list ${fetched.list}`);
    // Not refetched while not shown, but stale, so it refetches when shown again.
    expect(fetched.hidden).toBe(before.hidden);
    expect(queryClient.getQueryState(['hidden'])?.isInvalidated).toBe(true);
    for (const unsubscribe of shown) unsubscribe();
  });
});
