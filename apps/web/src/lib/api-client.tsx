import { QueryClientProvider, hashKey } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@yardsale/api';
import { USER_ROLES } from '@yardsale/validators';
import type { UserRole } from '@yardsale/validators';
import type { ReactNode } from 'react';

import type { ApiClient, SessionProbe, SessionUser } from './app-loader';
import { LISTING_QUERY_DEFAULTS, createQueryClient } from './query-client';
import { TRPCProvider, createBrowserTRPCClient } from './trpc';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRole(value: unknown): value is UserRole {
  return USER_ROLES.some((role) => role === value);
}

function isTextOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

/**
 * The user in `GET /api/session`'s answer as the session user, or undefined when it is not one (then the cache
 * asks again through tRPC). Read by hand: JSON carries the date as a string, and a schema library
 * would weigh on every signed-in first visit.
 */
function sessionUserFromRest(answer: unknown): SessionUser | undefined {
  if (!isRecord(answer)) return undefined;
  const { id, email, firstName, lastName, phone, profilePicture, role, emailVerified, createdAt } =
    answer;
  if (
    typeof id !== 'number' ||
    typeof email !== 'string' ||
    typeof firstName !== 'string' ||
    typeof lastName !== 'string' ||
    !isTextOrNull(phone) ||
    !isTextOrNull(profilePicture) ||
    !isRole(role) ||
    typeof emailVerified !== 'boolean' ||
    typeof createdAt !== 'string'
  ) {
    return undefined;
  }
  const joined = new Date(createdAt);
  if (Number.isNaN(joined.getTime())) return undefined;
  return {
    id,
    email,
    firstName,
    lastName,
    phone,
    profilePicture,
    role,
    emailVerified,
    createdAt: joined,
  };
}

/**
 * The API client and query cache, in their own chunk (loaded by AppLoader when a screen needs
 * them). The cache's `auth.me` is the session; every change to it is reported to the loader.
 * @public loaded on demand by app-loader.ts, which names it in a destructured dynamic import
 */
export function createApiClient({
  onSessionEnded,
  onSessionUser,
  session,
}: {
  onSessionEnded: () => void;
  onSessionUser: (user: SessionUser | null | undefined) => void;
  /** The server's first answer to `auth.me`, asked while this chunk downloaded. */
  session: SessionProbe;
}): ApiClient {
  const trpcClient = createBrowserTRPCClient();

  // When the server says the session has ended, forget the user and let the current route's
  // guard send them to sign in.
  const queryClient = createQueryClient(() => {
    queryClient.setQueryData(trpc.auth.me.queryKey(), null);
    onSessionEnded();
  });
  const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
  queryClient.setQueryDefaults(trpc.listings.pathKey(), LISTING_QUERY_DEFAULTS);

  const meKey = trpc.auth.me.queryKey();
  // Screens read the session through the loader, not a query observer, so nothing keeps the
  // entry alive: it must not be garbage-collected while the tab is open.
  queryClient.setQueryDefaults(meKey, { gcTime: Infinity });
  const meHash = hashKey(meKey);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === meHash) onSessionUser(queryClient.getQueryData(meKey));
  });
  // The first answer stands until sign-in, sign-out or a refused call changes it: no need to ask
  // the server a second time.
  if (session.kind === 'visitor') queryClient.setQueryData(meKey, null);
  if (session.kind === 'user') {
    const user = sessionUserFromRest(session.answer);
    if (user) queryClient.setQueryData(meKey, user);
  }

  function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    );
  }

  return { queryClient, trpc, Providers };
}
