import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PushFailedError, createPushSender, newVapidKeys } from './push';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * What the browser does with a push message (RFC 8291, aes128gcm): derive the key from its own
 * private key and auth secret and the sender's ephemeral public key in the header, then decrypt.
 */
function decryptPush(body: Buffer, ua: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  const shared = ua.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-push-'));
  const received: Received[] = [];
  let answer = 201;
  let server: Server;
  let origin = '';
  let agent: Agent;

  beforeAll(async () => {
    // A push service of our own, over HTTPS as every real one is, with a certificate made here.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const cert = readFileSync(path.join(dir, 'cert.pem'));
    server = createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `https://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    agent = new Agent({ ca: cert });
  });
  afterAll(async () => {
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  /** A browser's subscription: its own key pair and auth secret, and an endpoint at the service. */
  function browser() {
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const authSecret = randomBytes(16);
    const subscription = {
      endpoint: `${origin}/push/${randomBytes(8).toString('hex')}`,
      keys: {
        p256dh: ua.getPublicKey().toString('base64url'),
        auth: authSecret.toString('base64url'),
      },
    };
    return { ua, authSecret, subscription };
  }

  it('encrypts the payload so that only the subscribed browser can read it, signed with VAPID', async () => {
    const vapid = { ...newVapidKeys(), subject: 'mailto:admin@yardsale.example' };
    const sender = createPushSender(vapid, { agent });
    const { ua, authSecret, subscription } = browser();
    answer = 201;
    const payload = { kind: 'message', title: 'Maria sent you a message', conversationId: 7 };
    expect(await sender.send(subscription, payload, { ttlSeconds: 600, urgency: 'high' })).toBe(
      'sent',
    );

    const got = received.at(-1);
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
    expect(claims.aud).toBe(origin);
    expect(claims.sub).toBe(vapid.subject);
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
  });

  it('says a subscription is gone when the service answers 404 or 410, and fails on other errors', async () => {
    const sender = createPushSender(
      { ...newVapidKeys(), subject: 'mailto:admin@yardsale.example' },
      { agent },
    );
    answer = 410;
    expect(await sender.send(browser().subscription, { kind: 'test' })).toBe('gone');
    answer = 404;
    expect(await sender.send(browser().subscription, { kind: 'test' })).toBe('gone');
    answer = 503;
    const failure = await sender
      .send(browser().subscription, { kind: 'test' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PushFailedError);
    expect((failure as PushFailedError).statusCode).toBe(503);
  });
});
