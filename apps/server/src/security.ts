import type { FastifyInstance } from 'fastify';

import { SESSION_COOKIE_NAME } from '@yardsale/api';
import { UI_TEXT } from '@yardsale/validators';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser's Origin header is this app: the configured origin, or else (no APP_ORIGIN)
 * the host the request was sent to.
 */
export function isOwnOrigin(
  origin: string | undefined,
  host: string | undefined,
  appOrigin: string | undefined,
) {
  if (!origin) return false;
  if (appOrigin) return origin === appOrigin;
  try {
    return !!host && new URL(origin).host === host;
  } catch {
    return false;
  }
}

function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return (
    !!cookieHeader &&
    cookieHeader.split(';').some((c) => c.trim().startsWith(`${SESSION_COOKIE_NAME}=`))
  );
}

/**
 * The one path another site may POST to: RFC 8058 one-click unsubscribe, which a mail client sends
 * from wherever the mail is read, perhaps with our cookie. It acts by the secret token in its own
 * link, never by the session, so a forged request can do nothing the link's holder could not.
 */
const CROSS_SITE_POST_PATH = '/api/notifications/unsubscribe';

/**
 * A state-changing request that carries our session cookie must come from our own pages: another
 * site cannot make a signed-in browser act for it (SameSite=Lax alone leaves same-site gaps).
 */
export function registerOriginCheck(app: FastifyInstance, appOrigin: string | undefined) {
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method) || !hasSessionCookie(req.headers.cookie)) return;
    if (req.method === 'POST' && req.routeOptions.url === CROSS_SITE_POST_PATH) return;
    if (!isOwnOrigin(req.headers.origin, req.headers.host, appOrigin)) {
      await reply.code(403).send({ message: UI_TEXT.auth.crossOrigin });
    }
  });
}
