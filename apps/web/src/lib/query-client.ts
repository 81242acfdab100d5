import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { AUTH_TEXT } from '@yardsale/validators';
import { TRPCClientError } from '@trpc/client';

import { errorCode, errorStatus } from './errors';
import { isServerUnreachable, whenServerAnswers } from './server-reachability';

/** A 4xx answer will not change on a retry; only faults and dropped connections are retried. */
function retryUpTo(times: number) {
  return (failureCount: number, error: unknown): boolean => {
    const status = errorStatus(error);
    if (status !== undefined && status >= 400 && status < 500) return false;
    return failureCount < times;
  };
}

/** The server refuses a protected call with this exact sentence when the session has ended. */
function isSessionEnded(error: unknown): boolean {
  return (
    error instanceof TRPCClientError &&
    errorCode(error) === 'UNAUTHORIZED' &&
    error.message === AUTH_TEXT.unauthorized
  );
}

/** General defaults (docs/product/rules.md#limits-and-timings). */
export function createQueryClient(onSessionEnded: () => void): QueryClient {
  const handle = (error: unknown) => {
    if (isSessionEnded(error)) onSessionEnded();
  };
  // A screen whose data could not be fetched for want of the server shows it by itself once the
  // server answers again: no click, no reload. (The browser coming back online refetches too:
  // TanStack Query's own refetchOnReconnect.)
  let refetchWhenBack = false;
  const onQueryError = (error: unknown) => {
    handle(error);
    if (refetchWhenBack || !isServerUnreachable(error)) return;
    refetchWhenBack = true;
    void whenServerAnswers().then(() => {
      refetchWhenBack = false;
      void queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'error',
      });
    });
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onQueryError }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        retry: retryUpTo(1),
        retryDelay: 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

/**
 * Listing queries (docs/product/rules.md#limits-and-timings): fresh 2 minutes, cached 10, two
 * retries a second apart.
 */
export const LISTING_QUERY_DEFAULTS = {
  staleTime: 2 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
  retry: retryUpTo(2),
  retryDelay: 1000,
  refetchOnWindowFocus: false,
} as const;
