import type { SessionUser } from '@yardsale/validators';

import type { ApiServices } from './services/types';

/** What a transport (HTTP, websocket, REST adapter) tells the API about one request. */
export interface RequestInfo {
  /** Raw Cookie header, if any. */
  cookieHeader: string | undefined;
  /** The client's address, for per-client rate limits. */
  clientIp: string;
  /** Sets a response header (Set-Cookie, Retry-After); a no-op where there is no HTTP response. */
  setHeader: (name: string, value: string) => void;
}

export interface Context {
  services: ApiServices;
  user: SessionUser | null;
  sessionToken: string | null;
  clientIp: string;
  setHeader: RequestInfo['setHeader'];
}

export async function createTRPCContext(services: ApiServices, info: RequestInfo): Promise<Context> {
  const token = services.sessions.readCookie(info.cookieHeader);
  const validated = token ? await services.sessions.validate(token) : null;
  if (validated?.refreshedCookie) info.setHeader('Set-Cookie', validated.refreshedCookie.serialize());
  // A cookie for a session that no longer exists is cleared so the browser stops sending it.
  if (token && !validated) info.setHeader('Set-Cookie', services.sessions.blankCookie().serialize());
  return {
    services,
    user: validated?.user ?? null,
    sessionToken: validated ? token : null,
    clientIp: info.clientIp,
    setHeader: info.setHeader,
  };
}
