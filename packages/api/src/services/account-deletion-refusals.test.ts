import { inArray, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT } from '@yardsale/validators';

import {
  confirm,
  deletionRateLimits,
  deletionSteps,
  filesIn,
  item,
  photo,
} from '../../test/account-deletion-testing';
import { adminOnFirstUse, createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { deleteAccount } from './account-deletion';
import { createListing } from './listings';
import { recoveryCodeHash } from './two-factor';

const M = UI_TEXT.deleteAccount;

describe.each(testDatabaseKinds())('deleting an account on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, { rateLimits: deletionRateLimits });
  });
  afterAll(async () => {
    await api.close();
  });

  const { neighbour, counts } = deletionSteps(() => api);
  const theAdmin = adminOnFirstUse(() => api);

  it('changes nothing on a wrong password or a wrong confirmation, and limits the guesses', async () => {
    const dora = await neighbour('Dora');
    await createListing(api.deps, dora.user, item('Bookcase'), [await photo('#123456')]);
    const files = filesIn(api.uploadsDir);
    const before = await counts();

    const wrong = await refusal(dora.caller.account.delete({ ...confirm, password: 'not-mine' }));
    expect(wrong.code).toBe('BAD_REQUEST');
    expect(wrong.message).toBe(M.wrongPassword);
    const unconfirmed = await refusal(
      dora.caller.account.delete({ ...confirm, confirmation: 'delete' }),
    );
    expect(unconfirmed.code).toBe('BAD_REQUEST');
    expect(await counts()).toEqual(before);
    expect(filesIn(api.uploadsDir)).toEqual(files);
    expect(await dora.caller.auth.me()).toMatchObject({ id: dora.user.id, firstName: 'Dora' });

    // Three wrong passwords in the window: the fourth attempt waits, even with the right one.
    await refusal(dora.caller.account.delete({ ...confirm, password: 'guess-two' }));
    const third = await refusal(dora.caller.account.delete({ ...confirm, password: 'guess-3' }));
    expect(third.code).toBe('BAD_REQUEST');
    expect((await refusal(dora.caller.account.delete(confirm))).code).toBe('TOO_MANY_REQUESTS');
    expect(await counts()).toEqual(before);
  });

  it('refuses the admin and the system account', async () => {
    const admin = await theAdmin();
    const refused = await refusal(admin.caller.account.delete(confirm));
    expect(refused.code).toBe('FORBIDDEN');
    expect(refused.message).toBe(M.adminRefused);
    expect(await admin.caller.auth.me()).toMatchObject({ role: 'admin' });

    await admin.caller.admin.announce({ message: 'Street party next week' });
    const [system] = await api.deps.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.role, 'system'));
    if (!system) throw new Error('no system account');
    const systemRefused = await refusal(
      deleteAccount(api.deps, system.id, { password: 'anything' }),
    );
    expect(systemRefused.code).toBe('FORBIDDEN');
    expect(systemRefused.message).toBe(M.systemRefused);
  });

  it('asks for the second factor where two-factor sign-in is on', async () => {
    const secret = new Secret({ size: 20 });
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret });
    const ella = await neighbour('Ella');
    const finn = await neighbour('Finn');
    await api.deps.db
      .update(schema.users)
      .set({ totpSecret: secret.base32 })
      .where(inArray(schema.users.id, [ella.user.id, finn.user.id]));
    await api.deps.db
      .insert(schema.recoveryCodes)
      .values({ userId: finn.user.id, codeHash: recoveryCodeHash('abcd-efgh-ijkl') });

    const missing = await refusal(ella.caller.account.delete(confirm));
    expect(missing.code).toBe('BAD_REQUEST');
    expect(missing.message).toBe('Enter the code from your authenticator app.');
    const wrongCode = await refusal(ella.caller.account.delete({ ...confirm, code: '000000' }));
    expect(wrongCode.code).toBe('BAD_REQUEST');
    expect(wrongCode.message).toBe(M.wrongCode);
    expect(await ella.caller.auth.me()).not.toBeNull();

    const code = totp.generate({ timestamp: api.deps.now().getTime() });
    await expect(ella.caller.account.delete({ ...confirm, code })).resolves.toEqual({
      success: true,
    });
    // A recovery code stands in for the app, written as it was handed out, in any case.
    await expect(
      finn.caller.account.delete({ ...confirm, code: ' ABCD-EFGH-IJKL ' }),
    ).resolves.toEqual({ success: true });
    const [finnRow] = await api.deps.db
      .select({ deletedAt: schema.users.deletedAt })
      .from(schema.users)
      .where(eq(schema.users.id, finn.user.id));
    expect(finnRow?.deletedAt).toBeInstanceOf(Date);
  });
});
