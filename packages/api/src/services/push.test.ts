import { createPublicKey, verify } from 'node:crypto';
import { Agent } from 'node:https';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { decryptPush, startTestPushService } from '../../test/push-testing';
import type { TestPushService } from '../../test/push-testing';
import { RefusedTargetError, resolveTarget } from './outbound';
import type { OutboundLimits } from './outbound';
import { PushFailedError, createPushSender, newVapidKeys } from './push';

const vapid = () => ({ ...newVapidKeys(), subject: 'mailto:admin@yardsale.example' });
/** Where a development server sends (private addresses allowed). */
const devTarget = (endpoint: string) => resolveTarget(endpoint, { refusePrivate: false });
/** Short limits, so a test of a service that never answers does not wait ten seconds. */
const SHORT: OutboundLimits = {
  connectTimeoutMs: 1000,
  totalTimeoutMs: 1500,
  maxResponseBytes: 4096,
};

/** The push failure a send ends with (fails if it is sent). */
async function failureOf(send: Promise<unknown>): Promise<PushFailedError> {
  const err = await send.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof PushFailedError))
    throw new Error(`expected a PushFailedError, got ${String(err)}`);
  return err;
}

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
    expect(
      await sender.send(subscription, payload, await devTarget(subscription.endpoint), {
        ttlSeconds: 600,
        urgency: 'high',
      }),
    ).toBe('sent');

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
    const sender = createPushSender(vapid(), { agent: service.agent });
    const send = async () => {
      const { subscription } = browser();
      return sender.send(subscription, { kind: 'test' }, await devTarget(subscription.endpoint));
    };
    service.answer = 410;
    expect(await send()).toBe('gone');
    service.answer = 404;
    expect(await send()).toBe('gone');
    service.answer = 503;
    const unavailable = await failureOf(send());
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.permanent).toBe(false);
    service.answer = 400;
    const refused = await failureOf(send());
    expect(refused.statusCode).toBe(400);
    expect(refused.permanent).toBe(true);
    service.answer = 201;
  });

  it('reads a few kilobytes of an endless answer and drops the connection, with memory flat', async () => {
    const sender = createPushSender(vapid(), { agent: service.agent });
    const { subscription } = service.browser('endless-body');
    const target = await devTarget(subscription.endpoint);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = Date.now();
    try {
      // The status came first: the push was taken, whatever follows it.
      expect(await sender.send(subscription, { kind: 'test' }, target)).toBe('sent');
    } finally {
      clearInterval(sampler);
    }
    expect(Date.now() - started).toBeLessThan(2000);
    // The service was stopped by the closed connection long before 600 MB.
    await expect.poll(() => service.endlessBytesWritten).toBeGreaterThan(0);
    expect(service.endlessBytesWritten).toBeLessThan(64 * 1024 * 1024);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('gives up on a service that never answers, or cuts its answer off, within the time limit', async () => {
    const sender = createPushSender(vapid(), { agent: service.agent, limits: SHORT });
    const silent = service.browser('no-answer').subscription;
    const started = Date.now();
    const timedOut = await failureOf(
      sender.send(silent, { kind: 'test' }, await devTarget(silent.endpoint)),
    );
    expect(Date.now() - started).toBeLessThan(SHORT.totalTimeoutMs + 1000);
    expect(timedOut.permanent).toBe(false);
    expect(timedOut.message).toMatch(/time/);
    expect(service.unanswered).toBeGreaterThan(0);

    const cut = service.browser('cut-off').subscription;
    const cutOff = await failureOf(
      sender.send(cut, { kind: 'test' }, await devTarget(cut.endpoint)),
    );
    expect(cutOff.permanent).toBe(false);
  });

  it('does not follow a redirect: a push service that sends us elsewhere is refused for good', async () => {
    const sender = createPushSender(vapid(), { agent: service.agent, limits: SHORT });
    const { subscription } = service.browser('redirect');
    const before = service.received.length;
    const redirected = await failureOf(
      sender.send(subscription, { kind: 'test' }, await devTarget(subscription.endpoint)),
    );
    expect(redirected.statusCode).toBe(307);
    expect(redirected.permanent).toBe(true);
    expect(service.received.length).toBe(before);
  });
});

describe('the address a push goes to', () => {
  /*
   * One port on two loopback addresses. The endpoints name `localhost`, which this machine's own
   * resolver answers with 127.0.0.1: a sender that looked the name up again would reach `first`.
   */
  let first: TestPushService;
  let second: TestPushService;

  beforeAll(async () => {
    first = await startTestPushService({ names: ['localhost'] });
    second = await startTestPushService({
      names: ['localhost'],
      host: '127.0.0.2',
      port: first.port,
    });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  /** A resolver that answers from a list, one answer per call, and counts the calls. */
  function changingResolver(answers: string[][]) {
    const calls: string[] = [];
    return {
      calls,
      resolve: (host: string) => {
        calls.push(host);
        return Promise.resolve(answers[Math.min(calls.length - 1, answers.length - 1)] ?? []);
      },
    };
  }

  const atLocalhost = (browser: ReturnType<TestPushService['browser']>) => ({
    ...browser.subscription,
    endpoint: browser.subscription.endpoint.replace(/127\.0\.0\.[12]/, 'localhost'),
  });

  it('connects to the address that was checked, not to what the name resolves to later', async () => {
    const dns = changingResolver([['127.0.0.2'], ['127.0.0.1']]);
    const subscription = atLocalhost(second.browser());
    const target = await resolveTarget(subscription.endpoint, {
      refusePrivate: false,
      resolve: dns.resolve,
    });
    expect(target.address).toBe('127.0.0.2');
    const sender = createPushSender(vapid(), {
      agent: new Agent({ ca: [first.certificate, second.certificate] }),
    });
    const firstBefore = first.connections;
    expect(await sender.send(subscription, { kind: 'pinned' }, target)).toBe('sent');
    expect(dns.calls).toEqual(['localhost']);
    // The certificate was checked against the name, and the name went as Host.
    expect(second.received.at(-1)?.headers.host).toBe(`localhost:${String(second.port)}`);
    expect(first.connections).toBe(firstBefore);
  });

  it('in production, a name that answers a public address to the check and loopback next never reaches loopback', async () => {
    const dns = changingResolver([['93.184.215.14'], ['127.0.0.1']]);
    const subscription = atLocalhost(first.browser());
    const before = first.connections;
    const target = await resolveTarget(subscription.endpoint, {
      refusePrivate: true,
      resolve: dns.resolve,
    });
    expect(target.address).toBe('93.184.215.14');
    const sender = createPushSender(vapid(), { agent: first.agent, limits: SHORT });
    await failureOf(sender.send(subscription, { kind: 'rebound' }, target));
    expect(dns.calls).toEqual(['localhost']);
    expect(first.connections).toBe(before);

    // A name with any closed address among its answers is not called at all.
    const mixed = changingResolver([['93.184.215.14', '127.0.0.1']]);
    const refused = await resolveTarget(subscription.endpoint, {
      refusePrivate: true,
      resolve: mixed.resolve,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RefusedTargetError);
  });
});
