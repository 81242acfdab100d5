import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

import { describeWithService } from '@yardsale/db/testing';

import { RateLimitedError, createRateLimits } from './rate-limits';

const settings = { registerByClient: { points: 2, durationSeconds: 60 } };

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
});
