/*
 * A push service of our own for tests: HTTPS on loopback with a certificate made by `openssl`, which
 * records what arrives, and browsers (key pair + auth secret) that can decrypt it (RFC 8291).
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * What the browser does with a push message (aes128gcm): derive the key from its own private key and
 * auth secret and the sender's ephemeral public key in the header, then decrypt.
 */
export function decryptPush(
  body: Buffer,
  ua: ReturnType<typeof createECDH>,
  authSecret: Buffer,
): string {
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

export interface TestBrowser {
  ua: ReturnType<typeof createECDH>;
  authSecret: Buffer;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** What reached the service for this browser, decrypted, oldest first. */
  messages(): unknown[];
}

export interface TestPushService {
  origin: string;
  /** Trusts the service's certificate: give it to createPushSender. */
  agent: Agent;
  received: ReceivedPush[];
  /** The status the service answers with (201 unless set). */
  answer: number;
  browser(): TestBrowser;
  close(): Promise<void>;
}

/**
 * A key and a self-signed certificate for 127.0.0.1 (`key.pem`, `cert.pem`) in a new folder, made
 * by `openssl`, as HTTPS on loopback needs; answers the folder.
 */
export function createLoopbackCertificate(days = 1): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yardsale-push-'));
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
      String(days),
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  return dir;
}

export async function startTestPushService(): Promise<TestPushService> {
  const dir = createLoopbackCertificate();
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  const received: ReceivedPush[] = [];
  const service = {
    origin: '',
    agent: new Agent({ ca: cert }),
    received,
    answer: 201,
    browser(): TestBrowser {
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${service.origin}/push/${randomBytes(8).toString('hex')}`;
      return {
        ua,
        authSecret,
        subscription: {
          endpoint,
          keys: {
            p256dh: ua.getPublicKey().toString('base64url'),
            auth: authSecret.toString('base64url'),
          },
        },
        messages: () =>
          received
            .filter((r) => r.path === new URL(endpoint).pathname)
            .map((r) => JSON.parse(decryptPush(r.body, ua, authSecret)) as unknown),
      };
    },
    async close() {
      service.agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const server = createServer(
    { key: readFileSync(path.join(dir, 'key.pem')), cert },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const status = service.answer;
        // Only accepted messages reach a browser.
        if (status < 300)
          received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(status).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  service.origin = `https://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  return service;
}
