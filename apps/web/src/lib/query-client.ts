import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@yardsale/validators';
import { TRPCClientError } from '@trpc/client';

import { errorCode, errorStatus } from './errors';

/** A 4xx answer will not change on a retry; only faults and dropped connections are retried. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/** The server refuses a protected call with this exact sentence when the session has ended. */
function isSessionEnded(error: unknown): boolean {
  return (
    error instanceof TRPCClientError &&
    errorCode(error) === 'UNAUTHORIZED' &&
    error.message === MESSAGES.auth.unauthorized
  );
}

/** General defaults from the spec (section 9). */
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
        retry: shouldRetry,
        retryDelay: 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}
