import { createHash } from 'node:crypto';

import { Cookie, Lucia, TimeSpan, generateIdFromEntropySize } from 'lucia';
import type { Adapter, DatabaseSession, DatabaseUser } from 'lucia';

import { and, eq, lt, ne } from 'drizzle-orm';

import type { Database } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import type { SessionUser } from '@yardsale/validators';
import { SESSION_REMEMBER_DAYS, SESSION_SHORT_HOURS } from '@yardsale/validators';

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

/** Only a hash of the session token is stored: a leaked sessions table opens no account. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const userColumns = {
  id: schema.users.id,
  email: schema.users.email,
  firstName: schema.users.firstName,
  lastName: schema.users.lastName,
  phone: schema.users.phone,
  profilePicture: schema.users.profilePicture,
  role: schema.users.role,
  createdAt: schema.users.createdAt,
};

/** Lucia's storage over our drizzle tables. Lucia sees tokens; the table sees their hashes. */
class SessionAdapter implements Adapter {
  constructor(private readonly db: Database) {}

  async getSessionAndUser(token: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const [row] = await this.db
      .select({ session: schema.sessions, user: userColumns })
      .from(schema.sessions)
      .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
      .where(eq(schema.sessions.id, hashSessionToken(token)))
      .limit(1);
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
    const rows = await this.db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
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
  expiresAt: Date;
  /** A cookie to send back when the session was just extended. */
  refreshedCookie: Cookie | null;
}

export interface SessionManager {
  readonly cookieName: string;
  create(userId: number, remember: boolean): Promise<{ token: string; cookie: Cookie }>;
  validate(token: string): Promise<ValidatedSession | null>;
  invalidate(token: string): Promise<void>;
  /** Ends every session of a user except, optionally, the one with `keepToken`. */
  invalidateUserSessions(userId: number, keepToken?: string): Promise<void>;
  readCookie(cookieHeader: string | undefined): string | null;
  blankCookie(): Cookie;
}

/**
 * Two Lucia instances share one table: "Remember me" sessions last 30 days (renewed when fewer than
 * 15 remain) behind a persistent cookie; others last 24 hours behind a browser-session cookie. The
 * token's prefix says which instance owns it, so validating costs one query.
 */
export function createSessionManager(db: Database, options: { secureCookies: boolean }): SessionManager {
  const adapter = new SessionAdapter(db);
  const make = (expiresIn: TimeSpan) =>
    new Lucia(adapter, {
      sessionExpiresIn: expiresIn,
      sessionCookie: {
        name: SESSION_COOKIE_NAME,
        attributes: { secure: options.secureCookies, sameSite: 'lax' },
      },
      getSessionAttributes: (attributes) => attributes,
      getUserAttributes: (attributes) => attributes,
    });
  const remembered = make(new TimeSpan(SESSION_REMEMBER_DAYS, 'd'));
  const browserSession = make(new TimeSpan(SESSION_SHORT_HOURS, 'h'));
  const owner = (token: string) => (token.startsWith('r') ? remembered : browserSession);
  // Lucia's `expires: false` means a 400-day cookie; a cookie that ends with the browser has no Max-Age at all.
  const cookieFor = (token: string) => {
    const cookie = owner(token).createSessionCookie(token);
    return token.startsWith('r') ? cookie : new Cookie(cookie.name, cookie.value, { ...cookie.attributes, maxAge: undefined });
  };

  return {
    cookieName: SESSION_COOKIE_NAME,
    async create(userId, remember) {
      const token = (remember ? 'r' : 's') + generateIdFromEntropySize(25);
      await owner(token).createSession(userId, { remember }, { sessionId: token });
      return { token, cookie: cookieFor(token) };
    },
    async validate(token) {
      const { session, user } = await owner(token).validateSession(token);
      if (!session) return null;
      return {
        user: { ...user },
        token,
        expiresAt: session.expiresAt,
        refreshedCookie: session.fresh ? cookieFor(token) : null,
      };
    },
    async invalidate(token) {
      await owner(token).invalidateSession(token);
    },
    async invalidateUserSessions(userId, keepToken) {
      if (!keepToken) {
        await adapter.deleteUserSessions(userId);
        return;
      }
      await db
        .delete(schema.sessions)
        .where(and(eq(schema.sessions.userId, userId), ne(schema.sessions.id, hashSessionToken(keepToken))));
    },
    readCookie(cookieHeader) {
      return cookieHeader ? remembered.readSessionCookie(cookieHeader) : null;
    },
    blankCookie() {
      return remembered.createBlankSessionCookie();
    },
  };
}
