import { createHash } from 'node:crypto';

import { Cookie, Lucia, generateIdFromEntropySize } from 'lucia';
import type { Adapter, DatabaseSession, DatabaseUser } from 'lucia';

import { and, eq, isNull, lt, sql } from 'drizzle-orm';

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
  /** Sign-in time: the absolute lifetime counts from here. */
  createdAt: Date;
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
const SESSION_LIFETIMES = {
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

/**
 * Lucia's storage over our drizzle tables, every query prepared: validating a session is one
 * primary-key lookup, as cheap as the statement can be. A session's id here is the hash of its token
 * (the token itself is never stored), so every id this adapter returns can be handed back to it.
 */
const sessionQueries = preparedPerDatabase((db) => ({
  byId: db
    .select({ session: schema.sessions, user: sessionUserColumns })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    // A sign-in that raced the account's deletion may have written its row after the deletion's
    // sweep: a deleted account's session never opens it.
    .where(and(eq(schema.sessions.id, sql.placeholder('id')), isNull(schema.users.deletedAt)))
    .limit(1)
    .prepare('session_by_id'),
  ofUser: db
    .select()
    .from(schema.sessions)
    .where(eq(schema.sessions.userId, sql.placeholder('userId')))
    .prepare('sessions_of_user'),
  insert: db
    .insert(schema.sessions)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      expiresAt: sql.placeholder('expiresAt'),
      remember: sql.placeholder('remember'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare('session_insert'),
  renew: db
    .update(schema.sessions)
    // Drizzle's set() takes a placeholder only inside sql``.
    .set({ expiresAt: sql`${sql.placeholder('expiresAt')}` })
    .where(eq(schema.sessions.id, sql.placeholder('id')))
    .prepare('session_renew'),
  delete: db
    .delete(schema.sessions)
    .where(eq(schema.sessions.id, sql.placeholder('id')))
    .prepare('session_delete'),
  deleteOfUser: db
    .delete(schema.sessions)
    .where(eq(schema.sessions.userId, sql.placeholder('userId')))
    .prepare('sessions_of_user_delete'),
  deleteExpired: db
    .delete(schema.sessions)
    .where(lt(schema.sessions.expiresAt, sql.placeholder('now')))
    .prepare('sessions_expired_delete'),
}));

const toDatabaseSession = (row: typeof schema.sessions.$inferSelect): DatabaseSession => ({
  id: row.id,
  userId: row.userId,
  expiresAt: row.expiresAt,
  attributes: { remember: row.remember, createdAt: row.createdAt },
});

class SessionAdapter implements Adapter {
  private readonly queries: ReturnType<typeof sessionQueries>;

  constructor(
    db: Database,
    private readonly now: () => Date,
  ) {
    this.queries = sessionQueries(db);
  }

  async getSessionAndUser(id: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const [row] = await this.queries.byId.execute({ id });
    // The system account never signs in, whatever a sessions row says.
    if (!row || row.user.role === 'system') return [null, null];
    const { id: userId, ...attributes } = row.user;
    return [toDatabaseSession(row.session), { id: userId, attributes }];
  }

  async getUserSessions(userId: number): Promise<DatabaseSession[]> {
    const rows = await this.queries.ofUser.execute({ userId });
    return rows.map(toDatabaseSession);
  }

  async setSession(session: DatabaseSession): Promise<void> {
    await this.queries.insert.execute({
      id: session.id,
      userId: session.userId,
      // An insert's placeholders go through the columns' encoding (Dates); the other statements'
      // go to the driver as they are (ISO strings).
      expiresAt: session.expiresAt,
      remember: session.attributes.remember,
      createdAt: session.attributes.createdAt,
    });
  }

  async updateSessionExpiration(id: string, expiresAt: Date): Promise<void> {
    await this.queries.renew.execute({ id, expiresAt: expiresAt.toISOString() });
  }

  async deleteSession(id: string): Promise<void> {
    await this.queries.delete.execute({ id });
  }

  async deleteUserSessions(userId: number): Promise<void> {
    await this.queries.deleteOfUser.execute({ userId });
  }

  /** By the server's clock, as every other lifetime here. */
  async deleteExpiredSessions(): Promise<void> {
    await this.queries.deleteExpired.execute({ now: this.now().toISOString() });
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
  /** Deletes the rows of sessions that have ended; none of them would validate anyway. */
  deleteExpired(): Promise<void>;
  readCookie(cookieHeader: string | undefined): string | null;
  blankCookie(): Cookie;
}

/**
 * "Remember me" sessions last 30 days from their last use (renewed when fewer than 15 remain) and
 * 90 days from sign-in at most, behind a persistent cookie; others last 24 hours from sign-in behind a
 * browser-session cookie. The token's prefix says which kind it is. Validating costs one primary-key
 * lookup, plus an update when a remembered session is renewed.
 *
 * Lucia makes the tokens, reads and writes the cookie, and every session is stored, read and ended
 * through its adapter; the lifetimes are ours (decision 081): Lucia's own create and validate know one
 * lifetime for every session, no absolute end and no clock but the wall's.
 */
export function createSessionManager(
  db: Database,
  options: { secureCookies: boolean; now?: () => Date },
): SessionManager {
  const now = options.now ?? (() => new Date());
  const adapter = new SessionAdapter(db, now);
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
      await adapter.setSession({
        id: hashSessionToken(token),
        userId,
        expiresAt,
        attributes: { remember, createdAt },
      });
      return { token, cookie: cookieFor(token, expiresAt, createdAt.getTime()) };
    },
    async validate(token, { renew = true } = {}) {
      const id = hashSessionToken(token);
      const [session, user] = await adapter.getSessionAndUser(id);
      if (!session || !user) return null;
      const { remember, createdAt } = session.attributes;
      const lifetime = lifetimeOf(remember);
      const at = now().getTime();
      const absoluteExpiresAt = new Date(createdAt.getTime() + lifetime.absoluteMs);
      if (at >= session.expiresAt.getTime() || at >= absoluteExpiresAt.getTime()) {
        await lucia.invalidateSession(id);
        return null;
      }
      let expiresAt = session.expiresAt;
      let refreshedCookie: Cookie | null = null;
      // Renewed once half its idle life is gone, as Lucia does; never past the absolute end.
      const renewed = new Date(Math.min(at + lifetime.idleMs, absoluteExpiresAt.getTime()));
      if (renew && expiresAt.getTime() - at < lifetime.idleMs / 2 && renewed > expiresAt) {
        await adapter.updateSessionExpiration(id, renewed);
        expiresAt = renewed;
        refreshedCookie = cookieFor(token, expiresAt, at);
      }
      return {
        user: { id: user.id, ...user.attributes },
        token,
        expiresAt,
        absoluteExpiresAt,
        refreshedCookie,
      };
    },
    async invalidate(token) {
      await lucia.invalidateSession(hashSessionToken(token));
    },
    async invalidateUserSessions(userId, keepToken) {
      if (!keepToken) {
        await lucia.invalidateUserSessions(userId);
        return;
      }
      // Rare (a password change): one delete per other session is no cost worth a query of its own.
      const keep = hashSessionToken(keepToken);
      for (const session of await adapter.getUserSessions(userId)) {
        if (session.id !== keep) await lucia.invalidateSession(session.id);
      }
    },
    async deleteExpired() {
      await lucia.deleteExpiredSessions();
    },
    readCookie(cookieHeader) {
      return cookieHeader ? lucia.readSessionCookie(cookieHeader) : null;
    },
    blankCookie() {
      return lucia.createBlankSessionCookie();
    },
  };
}
