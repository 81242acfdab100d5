import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';

import { TEST_PASSWORD, createTestApi } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { createPushSender, newVapidKeys } from './push';

const { pushSubscriptions } = schema;
const RACES = 20;

/** A browser's subscription; in development its host is looked up only when a push is sent. */
const device = (name: string) => ({
  endpoint: `https://push.example/${name}`,
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ', auth: 'c2VjcmV0LWF1dGg' },
});

describe.each(testDatabaseKinds())('saving a push subscription on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, {
      push: createPushSender({ ...newVapidKeys(), subject: 'mailto:admin@yardsale.test' }),
      rateLimits: { registerByClient: { points: 1000, durationSeconds: 60 } },
    });
  });
  afterAll(async () => {
    await api.close();
  });

  /** Saves a device while `end` ends the sign-in: the save succeeds or is told to sign in again. */
  async function race(
    name: string,
    end: (caller: Awaited<ReturnType<TestApi['signUp']>>['caller']) => Promise<unknown>,
  ) {
    let refused = 0;
    for (let i = 0; i < RACES; i += 1) {
      const person = await api.signUp(name);
      // Each goes first half of the time, the other following a few milliseconds later, so that the
      // end lands before, during and after the save.
      const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const lag = i % 10;
      const [saved, ended] = await Promise.allSettled([
        after(i % 2 === 0 ? 0 : lag).then(() =>
          person.caller.notifications.subscribePush(device(`${name}-${String(i)}`)),
        ),
        after(i % 2 === 0 ? lag : 0).then(() => end(person.caller)),
      ]);
      expect(ended.status).toBe('fulfilled');
      if (saved.status === 'rejected') {
        const err: unknown = saved.reason;
        expect(err).toBeInstanceOf(TRPCError);
        expect((err as TRPCError).code).toBe('UNAUTHORIZED');
        refused += 1;
      }
      // Whichever came first, the ended sign-in leaves no device behind.
      const left = await api.deps.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, person.user.id));
      expect(left).toEqual([]);
    }
    return refused;
  }

  it('answers 401, never a fault, when the sign-in ends while the device is saved, and keeps no device of it', async () => {
    const refused = await race('Signout', (caller) => caller.auth.logout());
    console.info(
      `push subscription vs sign-out (${kind}): ${String(refused)} of ${String(RACES)} saves refused`,
    );
  });

  it('answers 401, never a fault, when the account is deleted while the device is saved, and keeps no device of it', async () => {
    const refused = await race('Deleted', (caller) =>
      caller.account.delete({ password: TEST_PASSWORD, confirmation: 'DELETE' }),
    );
    console.info(
      `push subscription vs deletion (${kind}): ${String(refused)} of ${String(RACES)} saves refused`,
    );
  });
});
