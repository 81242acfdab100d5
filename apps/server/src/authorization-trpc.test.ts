import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { appRouter, procedureAliases } from '@yardsale/api';
import type { RouterInputs } from '@yardsale/api';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { NOTIFICATION_TEXT, TWO_FACTOR_TEXT, UI_TEXT } from '@yardsale/validators';

import { callServer, listingOf, registerOn, startMatrix } from '../test/authorization-matrix';
import type { Who } from '../test/authorization-matrix';
import type { TestServer } from '../test/test-server';

/**
 * Who may call which procedure over tRPC, as clients do: the admin's as a visitor, a user and the
 * admin; the others as a visitor, under their names and the old names they still answer to.
 */
describe.each(testDatabaseKinds())('authorization matrix of the procedures on %s', (kind) => {
  let server: TestServer;
  const cookies: Record<Who, string> = { visitor: '', user: '', seller: '', admin: '' };
  let listingId = 0;
  const call = (method: string, url: string, cookie: string, body?: unknown) =>
    callServer(server, method, url, cookie, body);
  const register = (email: string) => registerOn(server, email);
  const sellersListing = (title: string) => listingOf(server, cookies.seller, title);

  beforeAll(async () => {
    ({ server, listingId } = await startMatrix(kind, cookies));
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers every admin procedure over tRPC: visitor 401, user 403, admin 200 — and the refused calls change nothing', async () => {
    // Its own reporter, report and listing, so what the admin does here stands apart from the paths above.
    const reporter = await register(`trpc-reporter-${kind}@example.com`);
    const { userId: sellerId } = (await call('GET', `/api/listings/${listingId}`, reporter))
      .body as { userId: number };
    const filed = await call('POST', '/api/reports', reporter, {
      reportedUserId: sellerId,
      listingId,
      category: 'other',
      description: 'Asked to pay a deposit by wire.',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const trpcReportId = (filed.body as { id: number }).id;
    const swingId = await sellersListing('Porch swing');

    /** A valid call of each admin procedure, so only who calls decides the outcome. */
    const procedures = {
      reports: { query: true, input: { status: 'pending', limit: 10 } },
      updateReport: {
        query: false,
        input: { id: trpcReportId, status: 'reviewed', adminNotes: 'Spoke to both.' },
      },
      announce: { query: false, input: { message: 'Over tRPC too.' } },
      cleanupDuplicates: { query: false, input: undefined },
      deleteListing: { query: false, input: { id: swingId } },
    } satisfies Record<keyof RouterInputs['admin'], { query: boolean; input: unknown }>;
    // An admin procedure missing above fails here (and the `satisfies` fails to compile).
    expect(
      Object.keys(procedures)
        .map((name) => `admin.${name}`)
        .sort(),
    ).toEqual(
      Object.keys(appRouter._def.procedures)
        .filter((p) => p.startsWith('admin.'))
        .sort(),
    );

    const callProcedure = (name: keyof typeof procedures, cookie: string) => {
      const { query, input } = procedures[name];
      return query
        ? call(
            'GET',
            `/trpc/admin.${name}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
            cookie,
          )
        : call('POST', `/trpc/admin.${name}`, cookie, { json: input });
    };
    const names = Object.keys(procedures) as (keyof typeof procedures)[];
    const refusal = (res: { body: unknown }) =>
      (res.body as { error?: { json?: { message?: string } } }).error?.json?.message;

    for (const name of names) {
      const asVisitor = await callProcedure(name, cookies.visitor);
      expect([asVisitor.status, refusal(asVisitor)], `${name} as a visitor`).toEqual([
        401,
        UI_TEXT.auth.unauthorized,
      ]);
      const asUser = await callProcedure(name, cookies.user);
      expect([asUser.status, refusal(asUser)], `${name} as a user`).toEqual([
        403,
        UI_TEXT.auth.forbidden,
      ]);
    }
    // Nothing happened: the report is pending, the listing is there, no announcement reached the reporter.
    expect((await call('GET', '/api/user/reports', reporter)).body).toEqual([
      expect.objectContaining({ id: trpcReportId, status: 'pending' }),
    ]);
    expect((await call('GET', `/api/listings/${swingId}`, reporter)).status).toBe(200);
    expect((await call('GET', '/api/conversations', reporter)).body).toEqual([]);

    for (const name of names) {
      const asAdmin = await callProcedure(name, cookies.admin);
      expect(asAdmin.status, `${name} as the admin: ${JSON.stringify(asAdmin.body)}`).toBe(200);
    }
    expect((await call('GET', '/api/user/reports', reporter)).body).toEqual([
      expect.objectContaining({ id: trpcReportId, status: 'reviewed' }),
    ]);
    expect((await call('GET', `/api/listings/${swingId}`, reporter)).status).toBe(404);
    expect((await call('GET', '/api/conversations', reporter)).body).toMatchObject([
      { isAnnouncement: true, lastMessage: { content: 'Over tRPC too.' } },
    ]);
  });

  it('answers the notification and saved-search procedures over tRPC: the user ones 401 to a visitor, the public ones to anyone', async () => {
    /** Each procedure's access and a valid input, so only who calls decides the outcome. */
    const procedures = {
      'notifications.list': { access: 'user', query: true, input: undefined },
      'notifications.markRead': { access: 'user', query: false, input: {} },
      'notifications.settings': { access: 'user', query: true, input: undefined },
      'notifications.updateSettings': {
        access: 'user',
        query: false,
        input: {
          message: { push: true, email: true },
          review: { push: true, email: true },
          report: { push: false, email: true },
          announcement: { push: true, email: false },
          'saved-search': { push: true, email: true },
        },
      },
      'notifications.pushConfig': {
        access: 'public',
        query: true,
        input: undefined,
        answer: [200, null],
      },
      'notifications.subscribePush': {
        access: 'user',
        query: false,
        input: {
          endpoint: 'https://push.example/matrix',
          keys: { p256dh: 'BPq1ZkY3', auth: 'c2VjcmV0' },
        },
      },
      'notifications.unsubscribePush': {
        access: 'user',
        query: false,
        input: { endpoint: 'https://push.example/matrix' },
      },
      'notifications.unsubscribeEmail': {
        access: 'public',
        query: false,
        input: { token: 'not-anyones-token', kind: 'message' },
        // A made-up token is refused for what it is, never for want of a session.
        answer: [404, NOTIFICATION_TEXT.unsubscribeInvalid],
      },
      'savedSearches.list': { access: 'user', query: true, input: undefined },
      'savedSearches.create': { access: 'user', query: false, input: { search: 'bench' } },
      'savedSearches.update': { access: 'user', query: false, input: { id: 1, paused: true } },
      'savedSearches.delete': { access: 'user', query: false, input: { id: 1 } },
    } as const;
    // The live count is a subscription, over the websocket only: the fuzz test opens it as a visitor too.
    const live = ['notifications.live'];
    expect([...Object.keys(procedures), ...live].sort()).toEqual(
      Object.keys(appRouter._def.procedures)
        .filter((p) => p.startsWith('notifications.') || p.startsWith('savedSearches.'))
        .sort(),
    );
    const refusal = (res: { body: unknown }) =>
      (res.body as { error?: { json?: { message?: string } } }).error?.json?.message;
    for (const [path, procedure] of Object.entries(procedures)) {
      const { access, query, input } = procedure;
      const res = query
        ? await call(
            'GET',
            `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
            cookies.visitor,
          )
        : await call('POST', `/trpc/${path}`, cookies.visitor, { json: input });
      const expected =
        access === 'user'
          ? [401, UI_TEXT.auth.unauthorized]
          : 'answer' in procedure && procedure.answer;
      expect([res.status, refusal(res) ?? null], `${path}: ${JSON.stringify(res.body)}`).toEqual(
        expected,
      );
    }
  });

  it('answers the session, account and profile procedures over tRPC, under their old names alike (decision 086)', async () => {
    const refusal = (res: { body: unknown }) =>
      (res.body as { error?: { json?: { message?: string } } }).error?.json?.message ?? null;
    type Spec = { access: 'public' | 'user'; query: boolean; input: unknown; answer?: unknown[] };
    /** Each procedure's access and an input of its shape; a public one's answer to a visitor. */
    const current: Record<string, Spec> = {
      'auth.me': { access: 'public', query: true, input: undefined, answer: [200, null] },
      'auth.register': {
        access: 'public',
        query: false,
        input: {
          email: `user-${kind}@example.com`,
          password: 'matrix-pass',
          firstName: 'Matrix',
          lastName: 'Person',
          termsAccepted: true,
        },
        answer: [409, UI_TEXT.register.emailTaken],
      },
      'auth.login': {
        access: 'public',
        query: false,
        input: { email: `user-${kind}@example.com`, password: 'not-the-password' },
        answer: [401, UI_TEXT.signIn.wrongCredentials],
      },
      'auth.signInSecondFactor': {
        access: 'public',
        query: false,
        input: { challenge: 'not-a-challenge', code: '123456' },
        answer: [401, TWO_FACTOR_TEXT.challengeExpired],
      },
      'auth.logout': { access: 'public', query: false, input: undefined, answer: [200, null] },
      'auth.verifyEmail': {
        access: 'public',
        query: false,
        input: { token: 'not-anyones-token' },
        answer: [400, UI_TEXT.account.verify.invalidLink],
      },
      'auth.forgotPassword': {
        access: 'public',
        query: false,
        input: { email: 'nobody@example.com' },
        answer: [200, null],
      },
      'auth.resetPassword': {
        access: 'public',
        query: false,
        input: { token: 'not-anyones-token', password: 'a-new-password-9' },
        answer: [400, UI_TEXT.account.reset.invalidLink],
      },
      'auth.checkResetLink': {
        access: 'public',
        query: false,
        input: { token: 'not-anyones-token' },
        answer: [400, UI_TEXT.account.reset.invalidLink],
      },
      'auth.passkeySignInOptions': {
        access: 'public',
        query: false,
        input: {},
        answer: [200, null],
      },
      'auth.passkeySignIn': {
        access: 'public',
        query: false,
        // No browser answered: refused for what it is, never for want of a session.
        input: { token: 'not-a-token', response: {} },
        answer: [400, expect.any(String)],
      },
      'account.updateProfile': {
        access: 'user',
        query: false,
        input: { firstName: 'Matrix', lastName: 'Person', email: 'someone@example.com' },
      },
      'account.removeProfilePicture': { access: 'user', query: false, input: undefined },
      'account.changePassword': {
        access: 'user',
        query: false,
        input: { currentPassword: 'matrix-pass', newPassword: 'another-pass-9' },
      },
      'account.resendVerification': { access: 'user', query: false, input: undefined },
      'account.pendingEmail': { access: 'user', query: true, input: undefined },
      'account.security': { access: 'user', query: true, input: undefined },
      'account.totpSetup': { access: 'user', query: false, input: undefined },
      'account.totpEnable': {
        access: 'user',
        query: false,
        input: { secret: 'JBSWY3DPEHPK3PXP', code: '123456' },
      },
      'account.totpDisable': {
        access: 'user',
        query: false,
        input: { password: 'matrix-pass', code: '123456' },
      },
      'account.passkeyRegistrationOptions': { access: 'user', query: false, input: undefined },
      'account.passkeyRegister': {
        access: 'user',
        query: false,
        input: { token: 'not-a-token', name: 'Laptop', response: {} },
      },
      'account.passkeyRemove': {
        access: 'user',
        query: false,
        input: { id: 'not-a-passkey', password: 'matrix-pass' },
      },
      'account.recoveryCodesRenew': {
        access: 'user',
        query: false,
        input: { password: 'matrix-pass' },
      },
      'account.delete': {
        access: 'user',
        query: false,
        input: { password: 'matrix-pass', confirmation: 'DELETE' },
      },
      'users.byId': { access: 'user', query: true, input: { id: 1 } },
    };
    const aliases = Object.entries(procedureAliases);
    const procedures: Record<string, Spec | undefined> = {
      ...current,
      ...Object.fromEntries(aliases.map(([old, now]) => [old, current[now]])),
    };
    // A procedure of these routers missing above fails here, and so does an old name of none.
    const routers = ['auth.', 'account.', 'passkeys.', 'users.'];
    expect(Object.keys(procedures).sort()).toEqual(
      Object.keys(appRouter._def.procedures)
        .filter((p) => routers.some((r) => p.startsWith(r)))
        .sort(),
    );

    const callAs = (path: string, cookie: string) => {
      const spec = procedures[path];
      if (!spec) throw new Error(`${path} has no input above`);
      return spec.query
        ? call(
            'GET',
            `/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: spec.input }))}`,
            cookie,
          )
        : call('POST', `/trpc/${path}`, cookie, { json: spec.input });
    };
    for (const [path, spec] of Object.entries(procedures)) {
      const res = await callAs(path, cookies.visitor);
      const expected = spec?.access === 'user' ? [401, UI_TEXT.auth.unauthorized] : spec?.answer;
      expect([res.status, refusal(res)], `${path}: ${JSON.stringify(res.body)}`).toEqual(expected);
    }
    // Signed in, an old name reads what its new name reads.
    for (const [old, now] of aliases.filter(([, now]) => procedures[now]?.query)) {
      const before = await callAs(old, cookies.user);
      const after = await callAs(now, cookies.user);
      expect(before.status, old).toBe(200);
      expect(before.body, old).toEqual(after.body);
    }
  });
});
