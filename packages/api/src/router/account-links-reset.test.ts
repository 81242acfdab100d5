import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { describeError } from '../errors';
import { HOUR_MS, START } from '../../test/account-links-testing';
import { TEST_PASSWORD, createTestApi, refusal, signedInUser } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const M = UI_TEXT.account;

const resetMailsTo = (api: TestApi, email: string) =>
  api.mail.sent.filter((m) => m.to === email && m.text.includes('/reset-password?token='));

/** Asks for a reset link from the client `from`, and answers the token it mails (sent after the answer). */
async function ask(api: TestApi, email: string, from: string): Promise<string> {
  const before = api.mail.sent.filter((m) => m.to === email).length;
  await (await api.as(undefined, from)).caller.auth.forgotPassword({ email });
  await api.mail.arrived(email, before + 1);
  return api.mail.tokenFor(email, '/reset-password');
}

let witnesses = 0;
/**
 * Fails unless exactly `count` reset links have been mailed to `email`. Links are mailed after the
 * answer, so a link that should not have gone out may still be on its way: this first waits for a link
 * asked for afterwards, by the same path, for another account, so what was asked before it is out too.
 */
async function expectResetMails(api: TestApi, email: string, count: number) {
  witnesses += 1;
  const witness = await api.signUp('Witness');
  await ask(api, witness.user.email, `192.0.2.${String(100 + witnesses)}`);
  expect(resetMailsTo(api, email)).toHaveLength(count);
}

describe.each(testDatabaseKinds())('verified e-mail and forgotten passwords on %s', (kind) => {
  let api: TestApi;
  let clock = START;
  const at = (ms: number) => {
    clock = new Date(START.getTime() + ms);
  };

  beforeAll(async () => {
    api = await createTestApi(kind, {
      now: () => clock,
      rateLimits: { registerByClient: { points: 1000, durationSeconds: 60 } },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  const fresh = async (cookie: string | undefined) => (await api.as(cookie)).caller;

  it('answers "forgot password" the same whether or not the account exists, and mails only an account', async () => {
    at(0);
    const person = await api.signUp('Abe');
    const before = api.mail.sent.length;
    const visitor = (await api.as(undefined, '203.0.113.7')).caller;
    expect(await visitor.auth.forgotPassword({ email: `nobody-${kind}@example.com` })).toEqual({
      success: true,
    });
    expect(await visitor.auth.forgotPassword({ email: person.user.email.toUpperCase() })).toEqual({
      success: true,
    });
    const token = await api.mail.tokenFor(person.user.email, '/reset-password');
    expect(api.mail.sent.slice(before).map((m) => m.to)).toEqual([person.user.email]);
    const mail = api.mail.sent.findLast((m) => m.to === person.user.email);
    expect(mail?.subject).toBe('Choose a new YardSale password');
    expect(mail?.text).toContain('one hour');
    expect(token.length).toBeGreaterThan(40);
  });

  it('limits "forgot password" per client, and mails one account one link a window however many ask', async () => {
    at(0);
    const person = await api.signUp('Bea');
    const before = api.mail.sent.length;
    const resetMails = () => api.mail.sent.slice(before).filter((m) => m.to === person.user.email);
    // Ten clients at once: each request is counted before anything is sent, so one mail goes out.
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const caller = (await api.as(undefined, `198.51.100.${String(i + 1)}`)).caller;
        return caller.auth.forgotPassword({ email: person.user.email });
      }),
    );
    const token = await api.mail.tokenFor(person.user.email, '/reset-password');
    // The owner asking inside the window is sent nothing new: the link already mailed works for them.
    expect(
      await (
        await api.as(undefined, '192.0.2.45')
      ).caller.auth.forgotPassword({ email: person.user.email }),
    ).toEqual({ success: true });
    await expectResetMails(api, person.user.email, 1);
    const device = await api.as(undefined, '192.0.2.45');
    expect(
      signedInUser(await device.caller.auth.resetPassword({ token, password: 'bea-new-pass' })).id,
    ).toBe(person.user.id);
    // With that link used, a new one may be mailed at once.
    expect(await ask(api, person.user.email, '192.0.2.45')).not.toBe(token);
    expect(resetMails()).toHaveLength(2);

    const one = (await api.as(undefined, '192.0.2.44')).caller;
    for (let i = 0; i < 10; i += 1) await one.auth.forgotPassword({ email: `x${i}@example.com` });
    const limited = await refusal(one.auth.forgotPassword({ email: person.user.email }));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
  });

  it('ends every reset link when the password is changed in Settings', async () => {
    at(0);
    const person = await api.signUp('Bo');
    const token = await ask(api, person.user.email, '203.0.113.30');
    await person.caller.account.changePassword({
      currentPassword: TEST_PASSWORD,
      newPassword: 'bo-changed-pass',
      confirmPassword: 'bo-changed-pass',
    });
    const stale = await refusal(
      (await api.as()).caller.auth.resetPassword({ token, password: 'taken-over-pass' }),
    );
    expect([stale.code, stale.message]).toEqual(['BAD_REQUEST', M.reset.invalidLink]);
    // The password stays the one chosen in Settings.
    const signIn = async (password: string) =>
      (await api.as(undefined, '203.0.113.31')).caller.auth.login({
        email: person.user.email,
        password,
      });
    expect((await refusal(signIn('taken-over-pass'))).message).toBe(
      UI_TEXT.signIn.wrongCredentials,
    );
    expect(signedInUser(await signIn('bo-changed-pass')).id).toBe(person.user.id);
    // No link is waiting any more, so a new one may be mailed at once, and it works.
    const fresh = await ask(api, person.user.email, '203.0.113.30');
    expect(fresh).not.toBe(token);
    expect(
      signedInUser(
        await (
          await api.as()
        ).caller.auth.resetPassword({ token: fresh, password: 'bo-reset-pass' }),
      ).id,
    ).toBe(person.user.id);
  });

  it('resets a password once within the hour, ends every session, and signs this device in', async () => {
    at(0);
    const person = await api.signUp('Cal');
    const elsewhere = await (
      await api.as()
    ).caller.auth.login({
      email: person.user.email,
      password: TEST_PASSWORD,
    });
    expect(signedInUser(elsewhere).id).toBe(person.user.id);
    await (
      await api.as(undefined, '203.0.113.9')
    ).caller.auth.forgotPassword({
      email: person.user.email,
    });
    const token = await api.mail.tokenFor(person.user.email, '/reset-password');

    const short = await refusal(
      (await api.as()).caller.auth.resetPassword({ token, password: 'abc' }),
    );
    expect(describeError(short, undefined).message).toBe(UI_TEXT.register.shortPassword);

    const device = await api.as();
    const user = await device.caller.auth.resetPassword({ token, password: 'new-garden-pass' });
    expect(signedInUser(user).id).toBe(person.user.id);
    expect(device.cookie()).toMatch(/^yardsale_session=/);
    expect(await (await fresh(device.cookie())).auth.me()).toMatchObject({ id: person.user.id });
    // The sessions from before are over.
    expect(await (await fresh(person.cookie)).auth.me()).toBeNull();
    expect(
      (
        await refusal(
          (await api.as()).caller.auth.login({ email: person.user.email, password: TEST_PASSWORD }),
        )
      ).message,
    ).toBe(UI_TEXT.signIn.wrongCredentials);
    await (
      await api.as()
    ).caller.auth.login({ email: person.user.email, password: 'new-garden-pass' });

    const reused = await refusal(
      (await api.as()).caller.auth.resetPassword({ token, password: 'another-pass' }),
    );
    expect(reused.code).toBe('BAD_REQUEST');
    expect(reused.message).toBe(M.reset.invalidLink);

    // Wait until the new link is out, then let it expire.
    const late = await ask(api, person.user.email, '203.0.113.9');
    expect(late).not.toBe(token);
    at(HOUR_MS + 1000);
    const expired = await refusal(
      (await api.as()).caller.auth.resetPassword({ token: late, password: 'another-pass' }),
    );
    expect(expired.message).toBe(M.reset.invalidLink);
    const rows = await api.deps.db
      .select()
      .from(schema.accountTokens)
      .where(
        and(
          eq(schema.accountTokens.userId, person.user.id),
          eq(schema.accountTokens.purpose, 'reset-password'),
        ),
      );
    expect(rows.map((r) => r.tokenHash)).not.toContain(late);
  });

  it('refuses a reset link sent before the address changed', async () => {
    at(0);
    const person = await api.signUp('Dee');
    await (
      await api.as(undefined, '203.0.113.10')
    ).caller.auth.forgotPassword({
      email: person.user.email,
    });
    const token = await api.mail.tokenFor(person.user.email, '/reset-password');
    const moved = `dee-moved-${kind}@example.com`;
    await person.caller.account.updateProfile({ firstName: 'Dee', lastName: 'Lane', email: moved });
    await person.caller.auth.verifyEmail({
      token: await api.mail.tokenFor(moved, '/verify-email'),
    });
    const err = await refusal(
      (await api.as()).caller.auth.resetPassword({ token, password: 'taken-over' }),
    );
    expect(err.message).toBe(M.reset.invalidLink);
  });
});

describe.each(testDatabaseKinds())('checking a reset link as its page opens on %s', (kind) => {
  let api: TestApi;
  let clock = START;
  beforeAll(async () => {
    api = await createTestApi(kind, {
      now: () => clock,
      rateLimits: { linkAttemptsByClient: { points: 3, durationSeconds: 15 * 60 } },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('says a working link works without spending it, and refuses a used, expired or outdated one at once', async () => {
    clock = START;
    const person = await api.signUp('Kit');
    const token = await ask(api, person.user.email, '203.0.113.40');
    const page = (await api.as(undefined, '203.0.113.41')).caller;
    expect(await page.auth.checkResetLink({ token })).toEqual({ success: true });
    expect(await page.auth.checkResetLink({ token })).toEqual({ success: true });
    // Checking spent nothing: the link still sets the password, once.
    signedInUser(await page.auth.resetPassword({ token, password: 'checked-then-set' }));
    const used = await refusal(page.auth.checkResetLink({ token }));
    expect(used).toMatchObject({ code: 'BAD_REQUEST', message: M.reset.invalidLink });

    const late = await ask(api, person.user.email, '203.0.113.40');
    clock = new Date(START.getTime() + HOUR_MS + 1000);
    const expired = await refusal(
      (await api.as(undefined, '203.0.113.42')).caller.auth.checkResetLink({ token: late }),
    );
    expect(expired.message).toBe(M.reset.invalidLink);

    clock = new Date(START.getTime() + 2 * HOUR_MS);
    await api.deps.rateLimits.reset('passwordResetMailByAccount', String(person.user.id));
    const before = await ask(api, person.user.email, '203.0.113.40');
    const moved = `kit-moved-${kind}@example.com`;
    await person.caller.account.updateProfile({ firstName: 'Kit', lastName: 'Lane', email: moved });
    await person.caller.auth.verifyEmail({
      token: await api.mail.tokenFor(moved, '/verify-email'),
    });
    const outdated = await refusal(
      (await api.as(undefined, '203.0.113.43')).caller.auth.checkResetLink({ token: before }),
    );
    expect(outdated.message).toBe(M.reset.invalidLink);
  });

  it('counts a wrong token against the client’s link attempts, as opening one does', async () => {
    clock = START;
    const guesser = (await api.as(undefined, '203.0.113.44')).caller;
    for (let i = 0; i < 3; i += 1) {
      const wrong = await refusal(
        guesser.auth.checkResetLink({ token: `made-up-token-${String(i)}` }),
      );
      expect(wrong.code).toBe('BAD_REQUEST');
    }
    const person = await api.signUp('Lou');
    const token = await ask(api, person.user.email, '203.0.113.45');
    const stopped = await refusal(guesser.auth.checkResetLink({ token }));
    expect(stopped.code).toBe('TOO_MANY_REQUESTS');
    // Another client is not stopped, and the link was not spent.
    expect(
      await (await api.as(undefined, '203.0.113.46')).caller.auth.checkResetLink({ token }),
    ).toEqual({ success: true });
  });
});

describe.each(testDatabaseKinds())('several reset links on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    // Two mails a window, so that two links are out at once.
    api = await createTestApi(kind, {
      rateLimits: { passwordResetMailByAccount: { points: 2, durationSeconds: 60 * 60 } },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('keeps the earlier link working when a later one is asked for, and ends both once one is used', async () => {
    const person = await api.signUp('Flo');
    const owners = await ask(api, person.user.email, '192.0.2.60');
    const strangers = await ask(api, person.user.email, '198.51.100.61');
    expect(strangers).not.toBe(owners);

    // The stranger's request did not spoil the owner's link.
    const device = await api.as();
    const user = await device.caller.auth.resetPassword({
      token: owners,
      password: 'flo-new-pass',
    });
    expect(signedInUser(user).id).toBe(person.user.id);
    const later = await refusal(
      (await api.as()).caller.auth.resetPassword({ token: strangers, password: 'flo-other-pass' }),
    );
    expect([later.code, later.message]).toEqual(['BAD_REQUEST', M.reset.invalidLink]);
  });
});
