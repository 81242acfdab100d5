import type { QueryClient } from '@tanstack/react-query';
import type { RouterOutputs } from '@yardsale/api';
import type { ComponentType, ReactNode } from 'react';

import type { AppTRPC } from './trpc';
import { yieldToBrowser } from './yield-to-browser';

export type SessionUser = NonNullable<RouterOutputs['auth']['me']>;

/** What the signed-in screens' routes and components work with (route context and providers). */
interface ApiContext {
  queryClient: QueryClient;
  trpc: AppTRPC;
}

export interface ApiClient extends ApiContext {
  /** Query and tRPC providers for the screens below. */
  Providers: ComponentType<{ children: ReactNode }>;
}

/** What the server said about the session before the API client was loaded. */
export type SessionProbe =
  | { kind: 'visitor' }
  /** The user in `GET /api/session`'s JSON, read by the API client once it loads (the landing page never needs it). */
  | { kind: 'user'; answer: unknown }
  /** No usable answer (server unreachable): the API client asks again and reports failures. */
  | { kind: 'unknown' };

/**
 * The API client (tRPC, TanStack Query, superjson) loads on demand, not with the first page: a
 * visitor reading the landing page or a static page never needs it, and it would double what
 * that first visit downloads (docs/decisions/022-page-weight.md). It loads as soon as a route
 * needs it (protected screens, sign-in, admin) or the session turns out to be signed in.
 *
 * The session itself still has one source of truth, the query cache's `auth.me`; this mirrors it
 * (and the first answer, before the cache exists) for the header, footer and landing page.
 */
export class AppLoader {
  #client: ApiClient | undefined;
  #loading: Promise<ApiClient> | undefined;
  #probe: Promise<SessionProbe> | undefined;
  #sessionUser: SessionUser | null | undefined;
  readonly #listeners = new Set<() => void>();
  readonly #onSessionEnded: () => void;

  constructor(onSessionEnded: () => void) {
    this.#onSessionEnded = onSessionEnded;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Undefined while unknown, null for a visitor. */
  readonly getSessionUser = (): SessionUser | null | undefined => this.#sessionUser;

  readonly getClient = (): ApiClient | undefined => this.#client;

  #notify() {
    for (const listener of this.#listeners) listener();
  }

  #setSessionUser = (user: SessionUser | null | undefined) => {
    if (user === this.#sessionUser) return;
    this.#sessionUser = user;
    this.#notify();
  };

  /** Loads the API client once; a failed download is tried again on the next call. */
  load(): Promise<ApiClient> {
    this.#loading ??= Promise.all([import('./api-client'), this.#probe]).then(
      async ([{ createApiClient }, probe]) => {
        // Evaluating the client's code, setting it up, and the screen it lets through each take a
        // while on a phone: run as separate tasks, with the browser free in between.
        await yieldToBrowser();
        const client = createApiClient({
          onSessionEnded: this.#onSessionEnded,
          onSessionUser: this.#setSessionUser,
          session: probe ?? { kind: 'unknown' },
        });
        await yieldToBrowser();
        this.#client = client;
        this.#notify();
        return client;
      },
    );
    this.#loading.catch(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  /** The route context for screens that talk to the API. */
  async loadApiContext(): Promise<ApiContext> {
    const { queryClient, trpc } = await this.load();
    return { queryClient, trpc };
  }

  /**
   * Who is signed in, for the root route. One small request answers it, alongside the API
   * client's download rather than after it: the first screen waits for one round trip, not two.
   * On the landing page a visitor loads nothing more.
   */
  async loadSession(pathname: string): Promise<SessionUser | null> {
    if (!this.#client) {
      this.#probe ??= probeSession();
      if (pathname === '/') {
        const probe = await this.#probe;
        // A preload may have loaded the client meanwhile; then the cache answers.
        if (probe.kind === 'visitor' && !this.getClient()) {
          this.#setSessionUser(null);
          return null;
        }
      }
    }
    return loadSessionUser(await this.load());
  }
}

/**
 * The session for a route guard: the cached user when there is one, otherwise a fresh answer from
 * the server. Sign-in, sign-out and profile changes keep the cache current.
 */
export function loadSessionUser({ queryClient, trpc }: ApiContext): Promise<SessionUser | null> {
  return queryClient.query({ ...trpc.auth.me.queryOptions(), staleTime: 'static' });
}

/**
 * Asks the documented `GET /api/session` (200 with `{ user: null }` for a visitor, so a visitor's
 * page logs no failed request), without the API client, so the landing page can tell a visitor
 * from a signed-in user before deciding to load anything else.
 */
async function probeSession(): Promise<SessionProbe> {
  try {
    const response = await fetch('/api/session', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return { kind: 'unknown' };
    const answer: unknown = await response.json();
    if (typeof answer !== 'object' || answer === null || !('user' in answer)) {
      return { kind: 'unknown' };
    }
    return answer.user === null ? { kind: 'visitor' } : { kind: 'user', answer: answer.user };
  } catch {
    return { kind: 'unknown' };
  }
}
