import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';

import { procedureAliases } from '@yardsale/api';
import { testDatabaseKinds } from '@yardsale/db/testing';

import {
  RUNS,
  inputSchemaOf,
  lastOnes,
  routerProcedures,
  toJson,
  useFuzzServer,
  withVisitor,
} from '../test/fuzz-harness';
import type { Who } from '../test/fuzz-harness';
import { anyValue, nastyString, valueFor } from '../test/fuzz-inputs';
import { openFuzzSocket } from '../test/fuzz-socket';

/**
 * Every tRPC procedure (over HTTP; the subscriptions over the websocket), with generated inputs, as
 * a visitor, a user and (for admin procedures) the admin: no answer may be a 500, none may hang,
 * and no answer may carry an exception's own text (see ../test/fuzz-harness.ts).
 */

/**
 * The fuzzed procedures and who calls each. A procedure missing here fails the coverage test.
 * Calls that end their session (sign-out, password change) use a throwaway session.
 */
const CURRENT_PROCEDURES: Record<string, Who[]> = {
  'admin.reports': ['user', 'admin'],
  'admin.updateReport': ['admin'],
  'admin.announce': ['admin'],
  'admin.cleanupDuplicates': ['visitor', 'admin'],
  'admin.deleteListing': ['admin'],
  'account.delete': ['throwaway'],
  'auth.me': ['visitor', 'user'],
  'auth.register': ['visitor'],
  'auth.login': ['visitor', 'user'],
  'auth.logout': ['throwaway'],
  'account.updateProfile': ['throwaway'],
  'account.changePassword': ['throwaway'],
  'account.removeProfilePicture': ['user'],
  'auth.verifyEmail': ['visitor'],
  'auth.signInSecondFactor': ['visitor'],
  'account.security': ['user'],
  'account.totpSetup': ['user'],
  'account.totpEnable': ['user'],
  'account.totpDisable': ['user'],
  'account.resendVerification': ['user'],
  'account.pendingEmail': ['user'],
  'auth.forgotPassword': ['visitor'],
  'auth.resetPassword': ['visitor'],
  'auth.checkResetLink': ['visitor'],
  'conversations.start': ['user'],
  'conversations.list': ['user'],
  'conversations.messages': ['visitor', 'user'],
  'conversations.send': ['user'],
  'conversations.markRead': ['user'],
  'conversations.deleteMessage': ['user'],
  'conversations.delete': ['user'],
  'conversations.events': ['visitor', 'user'],
  'geo.lookup': ['visitor', 'user'],
  'geo.mapConfig': ['visitor'],
  'listings.list': ['visitor', 'user'],
  'listings.counts': ['visitor', 'user'],
  'listings.stats': ['user'],
  'listings.byId': ['user'],
  'listings.mine': ['user'],
  'listings.byUser': ['user'],
  'listings.salesBetween': ['user'],
  'listings.create': ['user'],
  'listings.update': ['user'],
  'listings.removeImage': ['user'],
  'listings.delete': ['user'],
  'account.passkeyRegistrationOptions': ['user'],
  'account.passkeyRegister': ['user'],
  'account.passkeyRemove': ['user'],
  'account.recoveryCodesRenew': ['user'],
  'auth.passkeySignInOptions': ['visitor', 'user'],
  'auth.passkeySignIn': ['visitor'],
  'reports.create': ['user'],
  'reports.mine': ['user'],
  'reviews.create': ['user'],
  'reviews.ofUser': ['user'],
  'reviews.rating': ['user'],
  'saved.list': ['user'],
  'saved.isSaved': ['user'],
  'saved.save': ['user'],
  'saved.unsave': ['user'],
  'savedSearches.list': ['user'],
  'savedSearches.create': ['user'],
  'savedSearches.update': ['user'],
  'savedSearches.delete': ['user'],
  'notifications.list': ['user'],
  'notifications.markRead': ['user'],
  'notifications.live': ['visitor', 'user'],
  'notifications.settings': ['user'],
  'notifications.updateSettings': ['user'],
  'notifications.pushConfig': ['visitor', 'user'],
  'notifications.subscribePush': ['user'],
  'notifications.unsubscribePush': ['user'],
  'notifications.unsubscribeEmail': ['visitor', 'user'],
  'users.byId': ['visitor', 'user'],
};

/**
 * The old names (decision 086) too, called as their procedures are: the same procedure object, so
 * they are fuzzed with fewer runs, enough to show each is reached under its old name.
 */
const PROCEDURES: Record<string, Who[]> = {
  ...CURRENT_PROCEDURES,
  ...Object.fromEntries(
    Object.entries(procedureAliases).map(([old, now]) => [old, CURRENT_PROCEDURES[now] ?? []]),
  ),
};

/** How one call's input travels: as the web client sends it, bare, with a broken envelope, or not as JSON. */
const envelope = fc.constantFrom<'superjson' | 'bare' | 'meta' | 'batch' | 'broken'>(
  'superjson',
  'bare',
  'meta',
  'batch',
  'broken',
);

describe.each(testDatabaseKinds())('fuzzing every procedure on %s', (kind) => {
  const harness = useFuzzServer(kind, 'the procedures');
  const { cookies, stats, failures, freshThrowaway, send, check, fuzz } = harness;
  const openSocket = (who: Who) => openFuzzSocket(harness.server, cookies[who], stats);

  it('fuzzes every tRPC procedure of the router, under its old names too', () => {
    expect(Object.keys(PROCEDURES).sort()).toEqual(Object.keys(routerProcedures).sort());
  });

  /** One tRPC call over HTTP as `who`, its input carried in the given envelope. */
  async function callProcedure(
    path: string,
    type: 'query' | 'mutation',
    who: Who,
    input: unknown,
    how: string,
    meta: unknown,
  ) {
    const serialized =
      how === 'superjson' || how === 'batch'
        ? superjson.serialize(input)
        : how === 'meta'
          ? { json: input, meta }
          : { json: input };
    const payload = how === 'batch' ? { 0: serialized } : serialized;
    const text = how === 'broken' ? `{"json":${toJson(input)}` : JSON.stringify(payload);
    const batch = how === 'batch' ? '?batch=1' : '';
    const label = `${who} ${type} ${path} [${how}]`;
    const reply =
      type === 'query'
        ? await send(
            label,
            'GET',
            `/trpc/${path}${batch}${batch ? '&' : '?'}input=${encodeURIComponent(text)}`,
            who,
          )
        : await send(label, 'POST', `/trpc/${path}${batch}`, who, text, 'application/json');
    if (reply) check(`${label} input ${text.slice(0, 200)}`, reply);
  }

  // Live streams are opened over the websocket, as clients do (see the next test).
  // Live streams are opened over the websocket, as clients do (see the next test).
  const subscriptions = Object.keys(PROCEDURES).filter(
    (path) => routerProcedures[path]?._def.type === 'subscription',
  );
  const httpProcedures = Object.keys(PROCEDURES)
    .filter((path) => !subscriptions.includes(path))
    .sort((a, b) => Number(lastOnes(a)) - Number(lastOnes(b)));

  it('answers every procedure over HTTP without a 500, a hang or internal text', async () => {
    failures.length = 0;
    for (const path of httpProcedures) {
      const procedure = routerProcedures[path];
      if (!procedure) throw new Error(`${path} is not in the router`);
      const type = procedure._def.type === 'mutation' ? 'mutation' : 'query';
      const schema = inputSchemaOf(path);
      const input = schema ? valueFor(schema) : anyValue;
      for (const who of withVisitor(PROCEDURES[path])) {
        await fuzz(
          `${who} ${path}`,
          fc.tuple(input, envelope, anyValue),
          async ([value, how, meta]) => {
            await callProcedure(path, type, who, value, how, meta);
          },
          who === 'visitor' || path in procedureAliases ? Math.ceil(RUNS / 4) : RUNS,
        );
        if (who === 'throwaway') await freshThrowaway();
      }
    }
    // Batches of generated calls, the limits on size and cost included.
    const queryCall = fc
      .constantFrom(...httpProcedures.filter((p) => routerProcedures[p]?._def.type === 'query'))
      .chain((path) => {
        const schema = inputSchemaOf(path);
        return (schema ? valueFor(schema) : anyValue).map((value) => [path, value] as const);
      });
    await fuzz(
      'batched queries',
      fc.array(queryCall, { minLength: 1, maxLength: 14 }),
      async (calls) => {
        const inputs = Object.fromEntries(
          calls.map(([, value], i) => [i, superjson.serialize(value)]),
        );
        const url = `/trpc/${calls.map(([p]) => p).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
        const reply = await send('batch', 'GET', url, 'user');
        if (reply) check(`batch ${url.slice(0, 300)}`, reply);
      },
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers the live streams over the websocket without a 500, a hang or internal text', async () => {
    failures.length = 0;
    expect([...subscriptions].sort()).toEqual(['conversations.events', 'notifications.live']);
    for (const [path, who] of subscriptions.flatMap((p) =>
      (PROCEDURES[p] ?? []).map((w) => [p, w] as const),
    )) {
      const socket = await openSocket(who);
      let nextId = 1;
      try {
        const schema = inputSchemaOf(path);
        const input = schema ? valueFor(schema) : anyValue;
        const frame = fc.oneof(
          {
            weight: 4,
            arbitrary: fc
              .tuple(input, fc.option(nastyString), fc.boolean())
              .map(([value, lastEventId, bare]) => ({
                method: 'subscription',
                params: {
                  path,
                  input: bare ? { json: value } : superjson.serialize(value),
                  ...(lastEventId === null ? {} : { lastEventId }),
                },
              })),
          },
          {
            weight: 1,
            arbitrary: fc.record({
              method: fc.constantFrom('subscription', 'query', 'mutation', 'nonsense'),
              params: anyValue,
            }),
          },
          {
            weight: 1,
            arbitrary: fc.record({
              method: fc.constant('subscription'),
              params: fc.record({ path: fc.constant(path) }, { requiredKeys: [] }),
            }),
          },
        );
        await fuzz(
          `${who} ${path}`,
          frame,
          async (message) => {
            const id = nextId++;
            stats.requests += 1;
            const answer = await socket.request({ id, ...message });
            const label = `${who} websocket frame ${JSON.stringify(message).slice(0, 300)}`;
            check(label, { status: 200, text: answer });
          },
          RUNS * 2,
        );
        // Frames that are not tRPC messages at all; the server must keep answering afterwards.
        await fuzz(
          `${who} raw websocket frames`,
          fc.oneof(
            nastyString,
            anyValue.map((v) => toJson(v) || 'undefined'),
          ),
          async (raw) => {
            stats.requests += 1;
            const answers = await socket.raw(raw);
            for (const answer of answers)
              check(`${who} raw frame ${raw.slice(0, 200)}`, { status: 200, text: answer });
          },
        );
        stats.requests += 1;
        const alive = await socket.request({
          id: nextId++,
          method: 'query',
          params: { path: 'auth.me', input: { json: null } },
        });
        expect(alive).toContain('"result"');
      } finally {
        socket.close();
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
