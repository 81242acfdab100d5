import type { SessionUser } from '@yardsale/validators';

import type { ServerDeps } from './services/types';

/** What a transport (HTTP, websocket, REST adapter) tells the API about one request. */
export interface RequestInfo {
  /** Raw Cookie header, if any. */
  cookieHeader: string | undefined;
  /** The client's address, for per-client rate limits. */
  clientIp: string;
  /** Sets a response header (Set-Cookie, Retry-After); a no-op where there is no HTTP response. */
  setHeader: (name: string, value: string) => void;
}

export type CallType = 'query' | 'mutation' | 'subscription';

/** A multipart form sent with a request (the REST upload paths). */
export interface UploadedForm {
  /** Reads the form on first call (later calls get the same): checks made before it cost no reading. */
  read(): Promise<{ fields: Record<string, string>; files: Buffer[] }>;
}

/**
 * One websocket, which outlives any one call on it (decision 024). The socket's session is read again
 * for every call, and the socket bounds how much runs on it at once.
 */
export interface LiveSocket {
  /**
   * The session the socket was opened with, as it is now; null for a socket opened signed out.
   * Throws UNAUTHORIZED once that session has ended (and the socket is then closed).
   */
  session(): Promise<{ user: SessionUser; token: string } | null>;
  /** Counts a call or a live stream; throws TOO_MANY_REQUESTS over the bound. Returns its release. */
  admit(type: CallType): () => void;
  /**
   * Runs `begin` when this client's turn comes; the turn ends when `begin`'s `finished` is called, or
   * shortly after anyway. Live streams read the database in turns: a burst of starts or wake-ups from
   * one client reads one stream at a time, while other clients go on.
   */
  takeTurn(begin: (finished: () => void) => void): void;
  /** Rejects with UNAUTHORIZED when the socket's session ends, so its live streams end with that reason. */
  readonly ended: Promise<never>;
}

export interface Context {
  deps: ServerDeps;
  /** Over a websocket, the user at connection time; each call sees it re-read (see `socket`). */
  user: SessionUser | null;
  sessionToken: string | null;
  clientIp: string;
  setHeader: RequestInfo['setHeader'];
  /** Set for calls over a websocket. */
  socket?: LiveSocket;
  /** Set for a REST upload: the form, read when the procedure first needs its input. */
  upload?: UploadedForm;
}

export async function createTRPCContext(deps: ServerDeps, info: RequestInfo): Promise<Context> {
  const token = deps.sessions.readCookie(info.cookieHeader);
  const validated = token ? await deps.sessions.validate(token) : null;
  if (validated?.refreshedCookie)
    info.setHeader('Set-Cookie', validated.refreshedCookie.serialize());
  // A cookie for a session that no longer exists is cleared so the browser stops sending it.
  if (token && !validated) info.setHeader('Set-Cookie', deps.sessions.blankCookie().serialize());
  return {
    deps,
    user: validated?.user ?? null,
    sessionToken: validated ? token : null,
    clientIp: info.clientIp,
    setHeader: info.setHeader,
  };
}

/** A websocket's context: no user until a call reads the socket's session (trpc.ts). */
export function createSocketContext(
  deps: ServerDeps,
  socket: LiveSocket,
  clientIp: string,
): Context {
  return { deps, user: null, sessionToken: null, clientIp, setHeader: () => undefined, socket };
}
