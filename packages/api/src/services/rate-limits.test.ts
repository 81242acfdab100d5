import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

import { describeWithService } from '@yardsale/db/testing';

import { RateLimitedError, createRateLimits } from './rate-limits';
import type { RateLimits } from './rate-limits';

const settings = { registerByClient: { points: 2, durationSeconds: 60 } };
/** A window short enough to see end. */
const shortWindow = { registerByClient: { points: 2, durationSeconds: 1 } };

/** Gives a point back within a window, and never opens more than the limit in the next one. */
async function givesBack(limits: RateLimits, key: string) {
  const consume = () => limits.consume('registerByClient', key);
  await consume();
  await consume();
  await expect(consume()).rejects.toBeInstanceOf(RateLimitedError);
  // The refused attempt's point and one more go back: one attempt may follow, not two.
  await limits.giveBack('registerByClient', key);
  await limits.giveBack('registerByClient', key);
  await consume();
  await expect(consume()).rejects.toBeInstanceOf(RateLimitedError);
  // A give-back arriving after its window ended (a slow check) leaves the new window whole.
  const deadline = Date.now() + 5000;
  while (await limits.seen('registerByClient', key)) {
    if (Date.now() > deadline) throw new Error('the one-second window did not end');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await limits.giveBack('registerByClient', key);
  await consume();
  await consume();
  await expect(consume()).rejects.toBeInstanceOf(RateLimitedError);
}

describe('rate limits in memory', () => {
  it('refuses past the limit with a retry time, per key, and forgets after a reset', async () => {
    const limits = createRateLimits({ settings });
    await limits.consume('registerByClient', 'a');
    await limits.consume('registerByClient', 'a');
    const err = await limits.consume('registerByClient', 'a').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect((err as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
    await expect(limits.consume('registerByClient', 'b')).resolves.toBeUndefined();
    await limits.reset('registerByClient', 'a');
    await expect(limits.check('registerByClient', 'a')).resolves.toBeUndefined();
  });

  it('gives points back within a window, and none into the next one', async () => {
    await givesBack(createRateLimits({ settings: shortWindow }), 'a');
  });

  it('remembers a key for the whole window, also when marked twice', async () => {
    const limits = createRateLimits();
    expect(await limits.seen('knownSignInClient', 'owner 192.0.2.1')).toBe(false);
    await limits.remember('knownSignInClient', 'owner 192.0.2.1');
    await limits.remember('knownSignInClient', 'owner 192.0.2.1');
    expect(await limits.seen('knownSignInClient', 'owner 192.0.2.1')).toBe(true);
    expect(await limits.seen('knownSignInClient', 'owner 192.0.2.2')).toBe(false);
  });
});

describeWithService('TEST_REDIS_URL', 'rate limits in Redis', (redisUrl) => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  it('are shared by every server instance', async () => {
    const connect = () => {
      const client = new Redis(redisUrl);
      clients.push(client);
      return client;
    };
    const key = `client-${Date.now()}-${Math.random()}`;
    const instanceA = createRateLimits({ redis: connect(), settings });
    const instanceB = createRateLimits({ redis: connect(), settings });
    await instanceA.consume('registerByClient', key);
    await instanceB.consume('registerByClient', key);
    await expect(instanceA.consume('registerByClient', key)).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    await instanceB.reset('registerByClient', key);
    await instanceA.remember('knownSignInClient', key);
    expect(await instanceB.seen('knownSignInClient', key)).toBe(true);
    await instanceB.reset('knownSignInClient', key);
  });

  it('give points back within a window, and none into the next one', async () => {
    const client = new Redis(redisUrl);
    clients.push(client);
    await givesBack(
      createRateLimits({ redis: client, settings: shortWindow }),
      `client-${Date.now()}-${Math.random()}`,
    );
  });
});
