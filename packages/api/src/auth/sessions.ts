import { createHash } from 'node:crypto';

import { Cookie, Lucia, generateIdFromEntropySize } from 'lucia';
import type { Adapter, DatabaseSession, DatabaseUser } from 'lucia';

import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';

import { preparedPerDatabase } from '@yardsale/db';
import type { Database } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type { SessionUser } from '@yardsale/validators';
import {
  SESSION_REMEMBER_ABSOLUTE_DAYS,
  SESSION_REMEMBER_DAYS,
  SESSION_SHORT_ABSOLUTE_HOURS,
  SESSION_SHORT_HOURS,
} from '@yardsale/validators';

import { sessionUserColumns } from '../services/session-user';

type UserAttributes = Omit<SessionUser, 'id'>;
interface SessionAttributes {
  remember: boolean;
}

declare module 'lucia' {
  interface Register {
    Lucia: Lucia<SessionAttributes, UserAttributes>;
    UserId: number;
    DatabaseUserAttributes: UserAttributes;
    DatabaseSessionAttributes: SessionAttributes;
  }
}

export const SESSION_COOKIE_NAME = 'yardsale_session';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long a session lives without use, and how long after sign-in it ends whatever the use (decision 025). */
export const SESSION_LIFETIMES = {
  remembered: {
    idleMs: SESSION_REMEMBER_DAYS * DAY_MS,
    absoluteMs: SESSION_REMEMBER_ABSOLUTE_DAYS * DAY_MS,
  },
  browser: {
    idleMs: SESSION_SHORT_HOURS * HOUR_MS,
    absoluteMs: SESSION_SHORT_ABSOLUTE_HOURS * HOUR_MS,
  },
} as const;

const lifetimeOf = (remember: boolean) =>
  remember ? SESSION_LIFETIMES.remembered : SESSION_LIFETIMES.browser;

/** Only a hash of the session token is stored: a leaked sessions table opens no account. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** One session row with its user, by token hash: the primary-key lookup every validation costs. */
const sessionByHash = preparedPerDatabase((db) =>
  db
    .select({ session: schema.sessions, user: sessionUserColumns })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    // A sign-in that raced the account's deletion may have written its row after the deletion's
    // sweep: a deleted account's session never opens it.
    .where(and(eq(schema.sessions.id, sql.placeholder('hash')), isNull(schema.users.deletedAt)))
    .limit(1)
    .prepare('session_by_hash'),
);

async function findSession(db: Database, token: string) {
  const [row] = await sessionByHash(db).execute({ hash: hashSessionToken(token) });
  return row ?? null;
}

/**
 * Lucia's storage over our drizzle tables, for Lucia's cookie handling. Lucia's own session checks
 * read the wall clock; ours (below) read the server's clock and know the absolute lifetime.
 */
class SessionAdapter implements Adapter {
  constructor(private readonly db: Database) {}

  async getSessionAndUser(token: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const row = await findSession(this.db, token);
    // The system account never signs in, whatever a sessions row says.
    if (!row || row.user.role === 'system') return [null, null];
    const { id, ...attributes } = row.user;
    return [
      {
        id: token,
        userId: row.session.userId,
        expiresAt: row.session.expiresAt,
        attributes: { remember: row.session.remember },
      },
      { id, attributes },
    ];
  }

  async getUserSessions(userId: number): Promise<DatabaseSession[]> {
    // Tokens are not recoverable from their hashes; Lucia only needs this for listing sessions.
    const rows = await this.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, userId));
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      expiresAt: r.expiresAt,
      attributes: { remember: r.remember },
    }));
  }

  async setSession(session: DatabaseSession): Promise<void> {
    await this.db.insert(schema.sessions).values({
      id: hashSessionToken(session.id),
      userId: session.userId,
      expiresAt: session.expiresAt,
      remember: session.attributes.remember,
    });
  }

  async updateSessionExpiration(token: string, expiresAt: Date): Promise<void> {
    await this.db
      .update(schema.sessions)
      .set({ expiresAt })
      .where(eq(schema.sessions.id, hashSessionToken(token)));
  }

  async deleteSession(token: string): Promise<void> {
    await this.db.delete(schema.sessions).where(eq(schema.sessions.id, hashSessionToken(token)));
  }

  async deleteUserSessions(userId: number): Promise<void> {
    await this.db.delete(schema.sessions).where(eq(schema.sessions.userId, userId));
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db.delete(schema.sessions).where(lt(schema.sessions.expiresAt, new Date()));
  }
}

export interface ValidatedSession {
  user: SessionUser;
  token: string;
  /** Ends here unless used again (renewal moves it, never past `absoluteExpiresAt`). */
  expiresAt: Date;
  /** Ends here whatever the use: sign-in plus the absolute lifetime. */
  absoluteExpiresAt: Date;
  /** A cookie to send back when the session was just extended. */
  refreshedCookie: Cookie | null;
}

export interface SessionManager {
  readonly cookieName: string;
  create(userId: number, remember: boolean): Promise<{ token: string; cookie: Cookie }>;
  /**
   * The session and its user as they are now, or null once it has ended (signed out, idle too long,
   * past its absolute lifetime). `renew: false` checks without extending it: a websocket cannot send
   * the renewed cookie back.
   */
  validate(token: string, options?: { renew?: boolean }): Promise<ValidatedSession | null>;
  invalidate(token: string): Promise<void>;
  /** Ends every session of a user except, optionally, the one with `keepToken`. */
  invalidateUserSessions(userId: number, keepToken?: string): Promise<void>;
  readCookie(cookieHeader: string | undefined): string | null;
  blankCookie(): Cookie;
}

/**
 * "Remember me" sessions last 30 days from their last use (renewed when fewer than 15 remain) and
 * 90 days from sign-in at most, behind a persistent cookie; others last 24 hours from sign-in behind a
 * browser-session cookie. The token's prefix says which kind it is. Validating costs one primary-key
 * lookup, plus an update when a remembered session is renewed.
 */
export function createSessionManager(
  db: Database,
  options: { secureCookies: boolean; now?: () => Date },
): SessionManager {
  const now = options.now ?? (() => new Date());
  const adapter = new SessionAdapter(db);
  // Lucia reads and writes the cookie; the lifetimes are ours.
  const lucia = new Lucia(adapter, {
    sessionCookie: {
      name: SESSION_COOKIE_NAME,
      attributes: { secure: options.secureCookies, sameSite: 'lax' },
    },
    getSessionAttributes: (attributes) => attributes,
    getUserAttributes: (attributes) => attributes,
  });
  const isRemembered = (token: string) => token.startsWith('r');
  // A remembered cookie lives as long as its session; a browser-session cookie has no Max-Age at all.
  const cookieFor = (token: string, expiresAt: Date, at: number) => {
    const cookie = lucia.createSessionCookie(token);
    const maxAge = isRemembered(token)
      ? Math.max(0, Math.floor((expiresAt.getTime() - at) / 1000))
      : undefined;
    return new Cookie(cookie.name, cookie.value, { ...cookie.attributes, maxAge });
  };

  return {
    cookieName: SESSION_COOKIE_NAME,
    async create(userId, remember) {
      const token = (remember ? 'r' : 's') + generateIdFromEntropySize(25);
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + lifetimeOf(remember).idleMs);
      await db
        .insert(schema.sessions)
        .values({ id: hashSessionToken(token), userId, expiresAt, remember, createdAt });
      return { token, cookie: cookieFor(token, expiresAt, createdAt.getTime()) };
    },
    async validate(token, { renew = true } = {}) {
      const row = await findSession(db, token);
      // The system account never signs in, whatever a sessions row says.
      if (!row || row.user.role === 'system') return null;
      const { session, user } = row;
      const lifetime = lifetimeOf(session.remember);
      const at = now().getTime();
      const absoluteExpiresAt = new Date(session.createdAt.getTime() + lifetime.absoluteMs);
      if (at >= session.expiresAt.getTime() || at >= absoluteExpiresAt.getTime()) {
        await adapter.deleteSession(token);
        return null;
      }
      let expiresAt = session.expiresAt;
      let refreshedCookie: Cookie | null = null;
      // Renewed once half its idle life is gone, as Lucia did; never past the absolute end.
      const renewed = new Date(Math.min(at + lifetime.idleMs, absoluteExpiresAt.getTime()));
      if (renew && expiresAt.getTime() - at < lifetime.idleMs / 2 && renewed > expiresAt) {
        await adapter.updateSessionExpiration(token, renewed);
        expiresAt = renewed;
        refreshedCookie = cookieFor(token, expiresAt, at);
      }
      return { user: { ...user }, token, expiresAt, absoluteExpiresAt, refreshedCookie };
    },
    async invalidate(token) {
      await adapter.deleteSession(token);
    },
    async invalidateUserSessions(userId, keepToken) {
      if (!keepToken) {
        await adapter.deleteUserSessions(userId);
        return;
      }
      await db
        .delete(schema.sessions)
        .where(
          and(
            eq(schema.sessions.userId, userId),
            ne(schema.sessions.id, hashSessionToken(keepToken)),
          ),
        );
    },
    readCookie(cookieHeader) {
      return cookieHeader ? lucia.readSessionCookie(cookieHeader) : null;
    },
    blankCookie() {
      return lucia.createBlankSessionCookie();
    },
  };
}
