import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';

import { ensureAdminRole } from '../services/users';
import { TEST_ADMIN_EMAIL, createTestApi } from '../../test/testing';
import type { TestApi } from '../../test/testing';

/** Each step is one server start or one request, in the order a real deployment would see them. */
describe.each(testDatabaseKinds())('the admin role on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, {
      rateLimits: { registerByClient: { points: 1000, durationSeconds: 60 } },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  const roleOf = async (id: number) =>
    (
      await api.deps.db
        .select({ role: schema.users.role })
        .from(schema.users)
        .where(eq(schema.users.id, id))
    )[0]?.role;
  const canAdmin = async (cookie: string | undefined) => {
    const { caller } = await api.as(cookie);
    try {
      await caller.admin.reports();
      return true;
    } catch (err) {
      if (err instanceof TRPCError && err.code === 'FORBIDDEN') return false;
      throw err;
    }
  };

  let firstAdmin: Awaited<ReturnType<TestApi['signUp']>>;

  it('goes to the account holding the configured address at start, when the database has no admin', async () => {
    firstAdmin = await api.signUp('Ada', { email: TEST_ADMIN_EMAIL });
    expect(firstAdmin.user.role).toBe('user');
    expect(await ensureAdminRole(api.deps)).toBe('granted');
    expect(await roleOf(firstAdmin.user.id)).toBe('admin');
    expect(await canAdmin(firstAdmin.cookie)).toBe(true);
    // A second start changes nothing.
    expect(await ensureAdminRole(api.deps)).toBe('kept');
  });

  it('stays with the admin who changes e-mail; whoever registers the freed address, in any case, is an ordinary user, also after a restart', async () => {
    const { caller } = await api.as(firstAdmin.cookie);
    const moved = await caller.account.updateProfile({
      firstName: 'Ada',
      lastName: 'Lane',
      email: 'ada.new@example.com',
    });
    expect(moved.role).toBe('admin');
    // The new address counts once its link is opened; only then is the configured one free.
    await caller.auth.verifyEmail({
      token: await api.mail.tokenFor('ada.new@example.com', '/verify-email'),
    });

    const taker = await api.signUp('Mallory', { email: TEST_ADMIN_EMAIL.toUpperCase() });
    expect(taker.user.email).toBe(TEST_ADMIN_EMAIL);
    expect(taker.user.role).toBe('user');
    expect(await canAdmin(taker.cookie)).toBe(false);

    expect(await ensureAdminRole(api.deps)).toBe('other-admin');
    expect(await roleOf(taker.user.id)).toBe('user');
    expect(await canAdmin(taker.cookie)).toBe(false);
    expect(await roleOf(firstAdmin.user.id)).toBe('admin');
  });

  it('is never gained by changing one’s e-mail to the configured address', async () => {
    await api.deps.db.delete(schema.users).where(eq(schema.users.email, TEST_ADMIN_EMAIL));
    const someone = await api.signUp('Trudy');
    const updated = await someone.caller.account.updateProfile({
      firstName: 'Trudy',
      lastName: 'Lane',
      email: TEST_ADMIN_EMAIL,
    });
    await someone.caller.auth.verifyEmail({
      token: await api.mail.tokenFor(TEST_ADMIN_EMAIL, '/verify-email'),
    });
    expect(updated.role).toBe('user');
    expect((await (await api.as(someone.cookie)).caller.auth.me())?.email).toBe(TEST_ADMIN_EMAIL);
    expect(await ensureAdminRole(api.deps)).toBe('other-admin');
    expect(await roleOf(someone.user.id)).toBe('user');
    expect(await canAdmin(someone.cookie)).toBe(false);
  });
});
