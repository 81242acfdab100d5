import { createHash } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import { HOUR_MS, START } from '../../test/account-links-testing';
import { TEST_PASSWORD, createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const M = UI_TEXT.account;

const desk = {
  title: 'Oak desk',
  category: 'Furniture',
  listingType: 'single-item',
  priceRange: '$50-$100',
  address: '12 Elm Street, Madison, WI 53703',
} as const;

// Forgotten passwords and reset links are in account-links-reset.test.ts.
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

  it('mails a link at sign-up, keeps only its hash, and opens the gated actions once it is used', async () => {
    at(0);
    const seller = await api.signUp('Sam');
    const { id: listingId } = await seller.caller.listings.create(desk);
    const person = await api.signUp('Una', { verified: false });
    expect(person.user.emailVerified).toBe(false);

    const mail = api.mail.sent.filter((m) => m.to === person.user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Verify your e-mail address');
    expect(mail[0]?.text).toContain('Hi Una,');
    expect(mail[0]?.html).toContain('Verify my e-mail');
    const token = await api.mail.tokenFor(person.user.email, '/verify-email');
    expect(mail[0]?.html).toContain(`/verify-email?token=${token}`);
    const rows = await api.deps.db
      .select()
      .from(schema.accountTokens)
      .where(eq(schema.accountTokens.userId, person.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.expiresAt.getTime()).toBe(START.getTime() + 24 * HOUR_MS);

    // Posting, starting a conversation, reviewing and reporting wait for the address...
    const gated = [
      person.caller.listings.create(desk),
      person.caller.conversations.start({ listingId }),
      person.caller.reviews.create({ revieweeId: seller.user.id, rating: 5 }),
      person.caller.reports.create({
        reportedUserId: seller.user.id,
        category: 'fake_listing',
        description: 'Posts the same desk every day.',
      }),
    ];
    for (const attempt of gated) {
      const err = await refusal(attempt);
      expect(err.code).toBe('FORBIDDEN');
      expect(err.message).toBe(M.verify.required);
    }
    // ...browsing and saving do not.
    await person.caller.listings.list({});
    await person.caller.saved.save({ listingId });
    expect(await api.deps.db.$count(schema.listings)).toBe(1);
    expect(await api.deps.db.$count(schema.reports)).toBe(0);

    expect(await (await api.as()).caller.auth.verifyEmail({ token })).toEqual({
      email: person.user.email,
    });
    const verified = await fresh(person.cookie);
    expect((await verified.auth.me())?.emailVerified).toBe(true);
    await verified.conversations.start({ listingId });
    await verified.listings.create(desk);

    // Single use.
    const again = await refusal((await api.as()).caller.auth.verifyEmail({ token }));
    expect(again.code).toBe('BAD_REQUEST');
    expect(again.message).toBe(M.verify.invalidLink);
  });

  it('stops a link after 24 hours, sends a new one on request (limited), and refuses a resend once verified', async () => {
    at(0);
    const person = await api.signUp('Vera', { verified: false });
    const first = await api.mail.tokenFor(person.user.email, '/verify-email');
    at(24 * HOUR_MS + 1000);
    const expired = await refusal(person.caller.auth.verifyEmail({ token: first }));
    expect(expired.message).toBe(M.verify.invalidLink);

    expect(await person.caller.account.resendVerification()).toEqual({ email: person.user.email });
    const second = await api.mail.tokenFor(person.user.email, '/verify-email');
    expect(second).not.toBe(first);
    for (let i = 0; i < 4; i += 1) await person.caller.account.resendVerification();
    const limited = await refusal(person.caller.account.resendVerification());
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    // Only the newest link works.
    const newest = await api.mail.tokenFor(person.user.email, '/verify-email');
    expect((await refusal(person.caller.auth.verifyEmail({ token: second }))).message).toBe(
      M.verify.invalidLink,
    );
    await person.caller.auth.verifyEmail({ token: newest });

    at(26 * HOUR_MS);
    // The browser session from sign-up has ended by now: sign in again.
    const device = await api.as();
    await device.caller.auth.login({ email: person.user.email, password: TEST_PASSWORD });
    const done = await fresh(device.cookie());
    const already = await refusal(done.account.resendVerification());
    expect(already.code).toBe('BAD_REQUEST');
    expect(already.message).toBe(M.verify.alreadyVerified);
  });

  it('keeps the old address until the new one is confirmed, and tells the old one', async () => {
    at(0);
    const person = await api.signUp('Wes');
    const other = await api.signUp('Xia');
    const newEmail = `wes-new-${kind}@example.com`;

    const taken = await refusal(
      person.caller.account.updateProfile({
        firstName: 'Wes',
        lastName: 'Lane',
        email: other.user.email,
      }),
    );
    expect(taken.code).toBe('CONFLICT');

    const updated = await person.caller.account.updateProfile({
      firstName: 'Wesley',
      lastName: 'Lane',
      email: newEmail,
    });
    expect(updated).toMatchObject({
      firstName: 'Wesley',
      email: person.user.email,
      emailVerified: true,
    });
    expect(await person.caller.account.pendingEmail()).toEqual({ pendingEmail: newEmail });
    const notice = api.mail.sent.findLast((m) => m.to === person.user.email);
    expect(notice?.subject).toBe('Your YardSale e-mail address is changing');
    expect(notice?.text).toContain(newEmail);

    // Still signs in with the old address.
    await (await api.as()).caller.auth.login({ email: person.user.email, password: TEST_PASSWORD });

    const token = await api.mail.tokenFor(newEmail, '/verify-email');
    expect(await (await api.as()).caller.auth.verifyEmail({ token })).toEqual({ email: newEmail });
    const now = await fresh(person.cookie);
    expect(await now.auth.me()).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await now.account.pendingEmail()).toEqual({ pendingEmail: null });
    const oldLogin = await refusal(
      (await api.as()).caller.auth.login({ email: person.user.email, password: TEST_PASSWORD }),
    );
    expect(oldLogin.message).toBe(UI_TEXT.signIn.wrongCredentials);
    await (await api.as()).caller.auth.login({ email: newEmail, password: TEST_PASSWORD });
  });

  it('refuses a change confirmed after someone else took the address, and cancels a change when asked for the current one', async () => {
    at(0);
    const person = await api.signUp('Yan');
    const wanted = `wanted-${kind}@example.com`;
    await person.caller.account.updateProfile({
      firstName: 'Yan',
      lastName: 'Lane',
      email: wanted,
    });
    const token = await api.mail.tokenFor(wanted, '/verify-email');
    await api.signUp('Zed', { email: wanted });
    const err = await refusal((await api.as()).caller.auth.verifyEmail({ token }));
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(M.verify.addressTaken);
    expect((await (await fresh(person.cookie)).auth.me())?.email).toBe(person.user.email);

    const later = `later-${kind}@example.com`;
    await person.caller.account.updateProfile({ firstName: 'Yan', lastName: 'Lane', email: later });
    await person.caller.account.updateProfile({
      firstName: 'Yan',
      lastName: 'Lane',
      email: person.user.email,
    });
    expect(await person.caller.account.pendingEmail()).toEqual({ pendingEmail: null });
    const cancelled = await api.mail.tokenFor(later, '/verify-email');
    expect(
      (await refusal((await api.as()).caller.auth.verifyEmail({ token: cancelled }))).code,
    ).toBe('BAD_REQUEST');
  });
});

describe.each(testDatabaseKinds())('with mail off on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, { mailOff: true });
  });
  afterAll(async () => {
    await api.close();
  });

  it('still registers, but says links cannot be sent rather than pretending', async () => {
    const person = await api.signUp('Eve', { verified: false });
    expect(person.user.emailVerified).toBe(false);
    expect(api.logger.entries.some((e) => e.msg === 'no verification mail at sign-up')).toBe(true);

    const resend = await refusal(person.caller.account.resendVerification());
    expect(resend.code).toBe('SERVICE_UNAVAILABLE');
    expect(resend.message).toBe(M.mailUnavailable);

    const forgot = await refusal(
      (await api.as()).caller.auth.forgotPassword({ email: person.user.email }),
    );
    expect(forgot.code).toBe('SERVICE_UNAVAILABLE');
    expect(forgot.message).toBe(M.mailUnavailable);

    const change = await refusal(
      person.caller.account.updateProfile({
        firstName: 'Eva',
        lastName: 'Lane',
        email: 'eva@example.com',
      }),
    );
    expect(change.code).toBe('SERVICE_UNAVAILABLE');
    // Refused as a whole: the name did not change either.
    expect((await (await api.as(person.cookie)).caller.auth.me())?.firstName).toBe('Eve');
  });
});
