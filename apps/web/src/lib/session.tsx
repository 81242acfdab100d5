import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { RouterOutputs } from '@yardsale/api';
import { toast } from '@yardsale/ui';
import { MESSAGES } from '@yardsale/validators';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

import { useTRPC } from './trpc';
import type { AppTRPC } from './trpc';

export type SessionUser = NonNullable<RouterOutputs['auth']['me']>;

/**
 * The signed-in user as the server last reported it: undefined while loading, null for a visitor.
 * `auth.me` is the one source of truth for the session.
 */
export function useSessionUser(): SessionUser | null | undefined {
  const trpc = useTRPC();
  return useQuery(trpc.auth.me.queryOptions()).data;
}

const CurrentUserContext = createContext<SessionUser | null>(null);

/** Provided by the protected layout once the session is known to be signed in. */
export function CurrentUserProvider({
  user,
  children,
}: {
  user: SessionUser;
  children: ReactNode;
}) {
  return <CurrentUserContext value={user}>{children}</CurrentUserContext>;
}

/** The signed-in user, for screens behind the protected layout. */
export function useCurrentUser(): SessionUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is only available on signed-in screens.');
  return user;
}

/** Keeps the session cache in step after a sign-in, a sign-up or a profile change. */
export function useSetSessionUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (user: SessionUser | null) => queryClient.setQueryData(trpc.auth.me.queryKey(), user);
}

/**
 * Starts a new session in the cache: the new user (or null) replaces the old one, and everything
 * else cached for the previous person is dropped. The session query itself is updated in place,
 * not removed, so every screen already watching it sees the change at once.
 */
export function useReplaceSession() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (user: SessionUser | null) => {
    const meKey = trpc.auth.me.queryKey();
    queryClient.setQueryData(meKey, user);
    const meHash = queryClient.getQueryCache().find({ queryKey: meKey, exact: true })?.queryHash;
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
  };
}

/** Ends the session on the server, forgets everything cached for this user and goes home. */
export function useSignOut() {
  const trpc = useTRPC();
  const replaceSession = useReplaceSession();
  const navigate = useNavigate();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        // Signed out first, so the landing page's guard does not send the visitor back in.
        replaceSession(null);
        await navigate({ to: '/' });
      },
      onError: () => {
        toast({
          variant: 'destructive',
          title: MESSAGES.signOut.failedTitle,
          description: MESSAGES.signOut.failedFallback,
        });
      },
    }),
  );
}

export function fullName(user: Pick<SessionUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** Only a path on this site may be a return address after sign-in (no open redirects). */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value === '/auth' || value.startsWith('/auth?')) return undefined;
  return value;
}

/**
 * The session for a route guard: the cached user when there is one, otherwise a fresh answer from
 * the server. Sign-in, sign-out and profile changes keep the cache current.
 */
export function loadSessionUser({
  queryClient,
  trpc,
}: {
  queryClient: QueryClient;
  trpc: AppTRPC;
}) {
  return queryClient.query({ ...trpc.auth.me.queryOptions(), staleTime: 'static' });
}
