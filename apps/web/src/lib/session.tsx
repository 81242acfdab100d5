import { useRouter } from '@tanstack/react-router';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

import type { SessionUser } from './app-loader';

export type { SessionUser } from './app-loader';
export { loadSessionUser } from './app-loader';

/**
 * The signed-in user as the server last reported it: undefined while loading, null for a visitor.
 * `auth.me` in the query cache is the one source of truth; the app loader mirrors it here so that
 * screens without the API client (the landing page) can read it too.
 */
export function useSessionUser(): SessionUser | null | undefined {
  const { app } = useRouter().options.context;
  return useSyncExternalStore(app.subscribe, app.getSessionUser);
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
