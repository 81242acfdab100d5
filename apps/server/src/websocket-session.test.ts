import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createMemoryEventBus } from '@yardsale/api';
import type { EventBus } from '@yardsale/api';
import { recordingLogger, within } from '@yardsale/api/testing';
import { eq } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { createTestDatabase, describeWithService } from '@yardsale/db/testing';
import type { TestDatabase } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { startLocalServer } from '../test/local-server';
import type { LocalServer } from '../test/local-server';
import { openSocket } from '../test/socket-client';
import type { SocketClient } from '../test/socket-client';
import { TEST_ADMIN_EMAIL, sendJson, startTwoInstances } from '../test/test-server';
import type { TestServer } from '../test/test-server';
import { CLOSE_SESSION_ENDED } from './websocket';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const PASSWORD = 'socket-pass-1';

let people = 0;

/** HTTP helpers against one server, as the web app calls it. */
function httpClient(server: { url: string; origin: string }) {
  const post = (url: string, body: unknown, cookie = '', method = 'POST') =>
    sendJson(server, url, body, cookie, method);
  return {
    post,
    async register(firstName = 'Sol') {
      people += 1;
      const email = `socket-${people}-${Date.now()}@example.com`;
      const res = await post('/api/register', {
        email,
        password: PASSWORD,
        firstName,
        lastName: 'Lane',
        termsAccepted: true,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return { email, id: res.json.id as number, cookie: res.cookie };
    },
    async login(email: string, rememberMe = false) {
      const res = await post('/api/login', { email, password: PASSWORD, rememberMe });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.cookie;
    },
    async me(cookie: string) {
      return (await fetch(`${server.url}/api/user`, { headers: { cookie } })).status;
    },
  };
}

/** Resolves with the close, or fails the test if the socket is still open after `ms`. */
async function closedWithin(client: SocketClient, ms = 3000) {
  return within(client.closed, ms, 'the socket to close');
}

/** The calls the finding names, each with an input it would accept from a signed-in person. */
const signedInCalls = (conversationId: number) => [
  {
    method: 'mutation' as const,
    path: 'conversations.send',
    input: { conversationId, content: 'Still there?' },
  },
  {
    method: 'mutation' as const,
    path: 'listings.create',
    input: {
      title: 'Late lamp',
      category: 'Home & Garden',
      listingType: 'single-item',
      priceRange: 'Free',
      address: '3 Wick Lane',
    },
  },
  { method: 'query' as const, path: 'auth.me', input: undefined },
  {
    method: 'mutation' as const,
    path: 'account.updateProfile',
    input: { firstName: 'Mallory', lastName: 'Lane', email: 'mallory@example.com' },
  },
];

describe('websockets follow their session (embedded database)', () => {
  let database: TestDatabase;
  let server: LocalServer;
  /** Session-ended notices can be held back, as if they were still on their way from another instance. */
  let holdNotices = false;
  const held: number[][] = [];
  /** The server's clock runs this far ahead of the wall clock. */
  let offset = 0;
  let http: ReturnType<typeof httpClient>;
  let conversationId = 0;
  let buyer: Awaited<ReturnType<ReturnType<typeof httpClient>['register']>>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const bus = createMemoryEventBus();
    const events: EventBus = {
      ...bus,
      sessionsEnded: (userIds) => {
        if (!holdNotices) return bus.sessionsEnded(userIds);
        held.push(userIds);
        return Promise.resolve();
      },
    };
    server = await startLocalServer({
      db: database.db,
      logger: recordingLogger(),
      adminEmail: TEST_ADMIN_EMAIL,
      events,
      now: () => new Date(Date.now() + offset),
      rateLimits: {
        registerByClient: { points: 1000, durationSeconds: 60 },
        loginByClient: { points: 1000, durationSeconds: 60 },
      },
    });
    http = httpClient(server);
    const seller = await http.register('Sela');
    buyer = await http.register('Bram');
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title: 'Copper kettle',
      category: 'Home & Garden',
      listingType: 'single-item',
      priceRange: 'Under $25',
      address: '8 Kettle Row',
    }))
      form.append(k, v);
    const created = await fetch(`${server.url}/api/listings/create-with-photos`, {
      method: 'POST',
      headers: { cookie: seller.cookie, origin: server.origin },
      body: form,
    });
    const listingId = ((await created.json()) as { id: number }).id;
    conversationId = (await http.post('/api/conversations', { listingId }, buyer.cookie)).json
      .id as number;
  });
  afterAll(async () => {
    await server.stop();
    await database.close();
  });

  it('answers UNAUTHORIZED to every call made after sign-out, then closes the socket', async () => {
    const cookie = await http.login(buyer.email);
    const socket = await openSocket(server.url, { cookie });
    const before = await socket.call('query', 'auth.me');
    expect(before).toMatchObject({ ok: true, data: { email: buyer.email } });

    // The sign-out's notice has not reached this socket yet: each call must find out for itself.
    holdNotices = true;
    try {
      expect((await http.post('/api/logout', {}, cookie)).status).toBe(200);
      expect(await http.me(cookie)).toBe(401);
      const answers = await socket.callAll(signedInCalls(conversationId));
      for (const answer of answers) {
        expect(answer).toEqual({
          ok: false,
          code: 'UNAUTHORIZED',
          message: UI_TEXT.auth.unauthorized,
        });
      }
    } finally {
      holdNotices = false;
    }
    expect(await closedWithin(socket)).toEqual({
      code: CLOSE_SESSION_ENDED,
      reason: UI_TEXT.live.sessionEnded,
    });
    // Nothing was written on the ended session's behalf.
    const [profile] = await database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, buyer.id));
    expect(profile?.firstName).toBe('Bram');
    const messages = await database.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.conversationId, conversationId));
    expect(messages).toHaveLength(0);
  });

  it('closes the socket as soon as its session signs out, and ends its live stream with UNAUTHORIZED', async () => {
    const cookie = await http.login(buyer.email);
    const socket = await openSocket(server.url, { cookie });
    const stream = socket.subscribe('conversations.events');
    expect(await stream.started).toEqual({ ok: true, data: undefined });
    const started = Date.now();
    expect((await http.post('/api/logout', {}, cookie)).status).toBe(200);
    expect(await stream.ended).toEqual({
      ok: false,
      code: 'UNAUTHORIZED',
      message: UI_TEXT.auth.unauthorized,
    });
    expect(await closedWithin(socket)).toEqual({
      code: CLOSE_SESSION_ENDED,
      reason: UI_TEXT.live.sessionEnded,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("closes a password change's other sessions' sockets and keeps the changer's", async () => {
    const person = await http.register('Petra');
    const here = person.cookie;
    const elsewhere = await http.login(person.email, true);
    const mine = await openSocket(server.url, { cookie: here });
    const theirs = await openSocket(server.url, { cookie: elsewhere });
    const listing = await http.post(
      '/trpc/listings.create',
      {
        json: {
          title: 'Spare chair',
          category: 'Furniture',
          listingType: 'single-item',
          priceRange: 'Free',
          address: '2 Seat St',
        },
      },
      here,
    );
    const listingId = (listing.json.result as { data: { json: { id: number } } }).data.json.id;

    const changed = await http.post(
      '/api/user/password',
      { currentPassword: PASSWORD, newPassword: 'socket-pass-2', confirmPassword: 'socket-pass-2' },
      here,
      'PUT',
    );
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);

    expect((await closedWithin(theirs)).code).toBe(CLOSE_SESSION_ENDED);
    expect(await theirs.call('mutation', 'saved.save', { listingId })).toMatchObject({ ok: false });
    expect(await mine.call('mutation', 'saved.save', { listingId })).toMatchObject({ ok: true });
    expect(await mine.call('query', 'auth.me')).toMatchObject({
      ok: true,
      data: { email: person.email },
    });
    await mine.close();
  });

  it('answers UNAUTHORIZED once the session has expired by the clock, and closes the socket', async () => {
    const person = await http.register('Eda');
    const socket = await openSocket(server.url, { cookie: person.cookie });
    expect(await socket.call('query', 'auth.me')).toMatchObject({ ok: true });
    // A session without "Remember me" ends 24 hours after sign-in.
    offset += DAY_MS + 1000;
    expect(await socket.call('query', 'auth.me')).toEqual({
      ok: false,
      code: 'UNAUTHORIZED',
      message: UI_TEXT.auth.unauthorized,
    });
    expect((await closedWithin(socket)).code).toBe(CLOSE_SESSION_ENDED);
  });

  it('closes a socket when its session reaches its end, with no call to find out', async () => {
    const person = await http.register('Tove');
    // The clock is moved so that the session's 24 hours end half a second from now.
    offset += DAY_MS - 500;
    const socket = await openSocket(server.url, { cookie: person.cookie });
    const stream = socket.subscribe('conversations.events');
    expect(await stream.started).toMatchObject({ ok: true });
    expect(await closedWithin(socket, 5000)).toEqual({
      code: CLOSE_SESSION_ENDED,
      reason: UI_TEXT.live.sessionEnded,
    });
    expect(await stream.ended).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
  });

  it('ends a remembered session in use at its absolute end, 90 days after sign-in', async () => {
    const person = await http.register('Ada');
    const cookie = await http.login(person.email, true);
    const signedInAt = offset;
    // Used over HTTP every 20 days, which renews it each time.
    for (let day = 20; day <= 80; day += 20) {
      offset = signedInAt + day * DAY_MS;
      expect(await http.me(cookie)).toBe(200);
    }
    const socket = await openSocket(server.url, { cookie });
    expect(await socket.call('query', 'auth.me')).toMatchObject({ ok: true });
    offset = signedInAt + 90 * DAY_MS;
    expect(await socket.call('query', 'auth.me')).toMatchObject({
      ok: false,
      code: 'UNAUTHORIZED',
    });
    expect((await closedWithin(socket)).code).toBe(CLOSE_SESSION_ENDED);
    expect(await http.me(cookie)).toBe(401);
  });

  it('applies a role change to calls on an open socket, both ways', async () => {
    const person = await http.register('Rhea');
    const socket = await openSocket(server.url, { cookie: person.cookie });
    const setRole = (role: 'admin' | 'user') =>
      database.db.update(schema.users).set({ role }).where(eq(schema.users.id, person.id));
    const adminCall = () => socket.call('query', 'admin.reports', {});

    expect(await adminCall()).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: UI_TEXT.auth.forbidden,
    });
    await setRole('admin');
    expect(await adminCall()).toMatchObject({ ok: true });
    expect(await socket.call('query', 'auth.me')).toMatchObject({
      ok: true,
      data: { role: 'admin' },
    });
    await setRole('user');
    expect(await adminCall()).toEqual({
      ok: false,
      code: 'FORBIDDEN',
      message: UI_TEXT.auth.forbidden,
    });
    // The session itself lives on.
    expect(await socket.call('query', 'auth.me')).toMatchObject({
      ok: true,
      data: { role: 'user' },
    });
    await socket.close();
  });

  it('keeps a socket opened signed out working as a visitor', async () => {
    const socket = await openSocket(server.url);
    expect(await socket.call('query', 'auth.me')).toEqual({ ok: true, data: null });
    expect(await socket.call('query', 'listings.stats')).toMatchObject({
      ok: false,
      code: 'UNAUTHORIZED',
    });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });
});

/** Needs PostgreSQL (TEST_DATABASE_URL): the embedded database serves one process only. */
describeWithService('TEST_DATABASE_URL', 'websockets follow their session across instances', () => {
  let instances: Awaited<ReturnType<typeof startTwoInstances>>;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    instances = await startTwoInstances();
    ({ first, second } = instances);
  });
  afterAll(async () => {
    await instances.stop();
  });

  it('closes the socket on instance B when its session signs out through instance A', async () => {
    const a = httpClient(first);
    const person = await a.register('Ines');
    const socket = await openSocket(second.url, { cookie: person.cookie });
    const stream = socket.subscribe('conversations.events');
    expect(await stream.started).toMatchObject({ ok: true });
    expect(await socket.call('query', 'auth.me')).toMatchObject({
      ok: true,
      data: { email: person.email },
    });

    expect((await a.post('/api/logout', {}, person.cookie)).status).toBe(200);
    expect(await closedWithin(socket)).toEqual({
      code: CLOSE_SESSION_ENDED,
      reason: UI_TEXT.live.sessionEnded,
    });
    expect(await stream.ended).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
  });

  it("closes the other sessions' sockets on instance B after a password change through instance A", async () => {
    const a = httpClient(first);
    const b = httpClient(second);
    const person = await a.register('Olle');
    const elsewhere = await b.login(person.email, true);
    const theirs = await openSocket(second.url, { cookie: elsewhere });
    const mine = await openSocket(second.url, { cookie: person.cookie });
    const changed = await a.post(
      '/api/user/password',
      {
        currentPassword: PASSWORD,
        newPassword: 'socket-pass-2',
        confirmPassword: 'socket-pass-2',
      },
      person.cookie,
      'PUT',
    );
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect((await closedWithin(theirs)).code).toBe(CLOSE_SESSION_ENDED);
    expect(await mine.call('query', 'auth.me')).toMatchObject({ ok: true });
    await mine.close();
  });
});
