import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { AUTH_TEXT } from '@yardsale/validators';
import { TRPCClientError } from '@trpc/client';

import { errorCode, errorStatus } from './errors';

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
  return new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
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
