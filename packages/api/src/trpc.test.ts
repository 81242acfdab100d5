import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { UI_TEXT } from '@yardsale/validators';

import { createTRPCContext } from './context';
import { ensureAdminRole } from './services/users';
import { TEST_ADMIN_EMAIL, createTestApi } from '../test/testing';
import type { TestApi } from '../test/testing';
import { adminProcedure, createCallerFactory, createTRPCRouter, protectedProcedure } from './trpc';

/** A router with one procedure of each guarded kind, to test the guards themselves. */
const probeRouter = createTRPCRouter({
  signedIn: protectedProcedure.query(({ ctx }) => ctx.user.id),
  adminOnly: adminProcedure.query(({ ctx }) => ctx.user.role),
});
const createProbeCaller = createCallerFactory(probeRouter);

describe('procedure guards', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi('pglite');
  });
  afterAll(async () => {
    await api.close();
  });

  async function callerWith(cookie?: string) {
    const ctx = await createTRPCContext(api.deps, {
      cookieHeader: cookie,
      clientIp: '127.0.0.1',
      setHeader: () => undefined,
    });
    return createProbeCaller(ctx);
  }

  async function cookieFor(email: string) {
    const client = await api.as();
    await client.caller.auth.register({
      email,
      password: 'guard-pass-1',
      firstName: 'Gia',
      lastName: 'Ward',
      termsAccepted: true,
    });
    return client.cookie() ?? '';
  }

  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'OK',
      (e: unknown) => (e instanceof TRPCError ? e.code : 'OTHER'),
    );

  it('refuses a visitor with UNAUTHORIZED and the sign-in sentence', async () => {
    const visitor = await callerWith();
    await expect(visitor.signedIn()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: UI_TEXT.auth.unauthorized,
    });
    expect(await codeOf(visitor.adminOnly())).toBe('UNAUTHORIZED');
  });

  it('refuses a signed-in user the admin procedures with FORBIDDEN', async () => {
    const user = await callerWith(await cookieFor('guard-user@example.com'));
    expect(await codeOf(user.signedIn())).toBe('OK');
    await expect(user.adminOnly()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: UI_TEXT.auth.forbidden,
    });
  });

  it('lets the admin through, by the role stored in the database', async () => {
    const adminCookie = await cookieFor(TEST_ADMIN_EMAIL);
    // As a server start does for a database without an admin.
    await ensureAdminRole(api.deps);
    expect(await (await callerWith(adminCookie)).adminOnly()).toBe('admin');

    // The role is read from the database on every request: a demotion takes effect at once.
    await api.deps.db
      .update(schema.users)
      .set({ role: 'user' })
      .where(eq(schema.users.email, TEST_ADMIN_EMAIL));
    expect(await codeOf((await callerWith(adminCookie)).adminOnly())).toBe('FORBIDDEN');
  });
});
