import { createPublicKey, verify } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { decryptPush, startTestPushService } from '../push-testing';
import type { TestPushService } from '../push-testing';
import { PushFailedError, createPushSender, newVapidKeys } from './push';

/** Checks the VAPID JWT of the Authorization header against the server's public key. */
function vapidClaims(authorization: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${authorization}`);
  const [token, key] = [match[1], match[2]];
  expect(key).toBe(publicKey);
  const [header = '', claims = '', signature = ''] = token.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
  const ok = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(ok).toBe(true);
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('web push to a push service', () => {
  let service: TestPushService;
  const received = () => service.received;
  const browser = () => service.browser();

  beforeAll(async () => {
    service = await startTestPushService();
  });
  afterAll(() => service.close());

  it('encrypts the payload so that only the subscribed browser can read it, signed with VAPID', async () => {
    const vapid = { ...newVapidKeys(), subject: 'mailto:admin@yardsale.example' };
    const sender = createPushSender(vapid, { agent: service.agent });
    const { ua, authSecret, subscription } = browser();
    service.answer = 201;
    const payload = { kind: 'message', title: 'Maria sent you a message', conversationId: 7 };
    expect(await sender.send(subscription, payload, { ttlSeconds: 600, urgency: 'high' })).toBe(
      'sent',
    );

    const got = received().at(-1);
    if (!got) throw new Error('nothing reached the push service');
    expect(got.path).toBe(new URL(subscription.endpoint).pathname);
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.ttl).toBe('600');
    expect(got.headers.urgency).toBe('high');
    // The service sees only ciphertext...
    expect(got.body.toString('latin1')).not.toContain('Maria');
    // ...which the browser's keys open.
    expect(JSON.parse(decryptPush(got.body, ua, authSecret))).toEqual(payload);
    // Another browser's keys do not.
    const stranger = browser();
    expect(() => decryptPush(got.body, stranger.ua, stranger.authSecret)).toThrow();

    const claims = vapidClaims(String(got.headers.authorization), vapid.publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe(vapid.subject);
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
  });

  it('says a subscription is gone when the service answers 404 or 410, and fails on other errors', async () => {
    const sender = createPushSender(
      { ...newVapidKeys(), subject: 'mailto:admin@yardsale.example' },
      { agent: service.agent },
    );
    service.answer = 410;
    expect(await sender.send(browser().subscription, { kind: 'test' })).toBe('gone');
    service.answer = 404;
    expect(await sender.send(browser().subscription, { kind: 'test' })).toBe('gone');
    service.answer = 503;
    const failure = await sender
      .send(browser().subscription, { kind: 'test' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PushFailedError);
    expect((failure as PushFailedError).statusCode).toBe(503);
  });
});
