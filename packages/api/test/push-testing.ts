/*
 * A push service of our own for tests: HTTPS on loopback with a certificate made by `openssl`, which
 * records what arrives, and browsers (key pair + auth secret) that can decrypt it (RFC 8291).
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
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

/**
 * How the service answers one browser's endpoint: `accept` as a push service does (with `answer`);
 * the rest as a hostile or broken one would: an endless body after 201, no answer at all, an answer
 * cut off mid-body, or a redirect elsewhere.
 */
export type PushBehaviour = 'accept' | 'endless-body' | 'no-answer' | 'cut-off' | 'redirect';

export interface TestBrowser {
  ua: ReturnType<typeof createECDH>;
  authSecret: Buffer;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** What reached the service for this browser, decrypted, oldest first. */
  messages(): unknown[];
}

export interface TestPushService {
  origin: string;
  port: number;
  /** Trusts the service's certificate: give it to createPushSender. */
  agent: Agent;
  /** The certificate (PEM), e.g. for a server process's NODE_EXTRA_CA_CERTS. */
  certificate: Buffer;
  received: ReceivedPush[];
  /** The status the service answers with (201 unless set). */
  answer: number;
  /** TLS connections made to the service. */
  connections: number;
  /** Bytes of endless bodies written before the reader went away. */
  endlessBytesWritten: number;
  /** Requests that arrived at a `no-answer` endpoint. */
  unanswered: number;
  /** Of those, the ones whose sender has not hung up yet. */
  heldOpen(): number;
  browser(behaviour?: PushBehaviour): TestBrowser;
  close(): Promise<void>;
}

/**
 * A key and a self-signed certificate for 127.0.0.1 and 127.0.0.2 (and `names`) (`key.pem`,
 * `cert.pem`) in a new folder, made by `openssl`, as HTTPS on loopback needs; answers the folder.
 */
export function createLoopbackCertificate(days = 1, names: string[] = []): string {
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
      `subjectAltName=${['IP:127.0.0.1', 'IP:127.0.0.2', ...names.map((n) => `DNS:${n}`)].join(',')}`,
    ],
    { stdio: 'ignore' },
  );
  return dir;
}

/**
 * A push service on loopback. `names`: host names its certificate also holds (for tests that resolve
 * a name to it); `host`: the loopback address it listens on; `port`: a port to take (e.g. the same
 * one as another service on another loopback address).
 */
export async function startTestPushService(
  options: { names?: string[]; host?: string; port?: number } = {},
): Promise<TestPushService> {
  const host = options.host ?? '127.0.0.1';
  const dir = createLoopbackCertificate(1, options.names);
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  const received: ReceivedPush[] = [];
  const behaviours = new Map<string, PushBehaviour>();
  const held = new Set<ServerResponse>();
  const service: TestPushService = {
    origin: '',
    port: 0,
    agent: new Agent({ ca: cert }),
    certificate: cert,
    received,
    answer: 201,
    connections: 0,
    endlessBytesWritten: 0,
    unanswered: 0,
    heldOpen: () => held.size,
    browser(behaviour = 'accept'): TestBrowser {
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${service.origin}/push/${randomBytes(8).toString('hex')}`;
      behaviours.set(new URL(endpoint).pathname, behaviour);
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
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const endless = (res: ServerResponse) => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    res.writeHead(201, { 'content-type': 'text/plain' });
    const pump = () => {
      while (!res.destroyed) {
        service.endlessBytesWritten += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
    };
    pump();
  };
  const server = createServer(
    { key: readFileSync(path.join(dir, 'key.pem')), cert },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const behaviour = behaviours.get(req.url ?? '') ?? 'accept';
        if (behaviour === 'endless-body') return endless(res);
        if (behaviour === 'no-answer') {
          service.unanswered += 1;
          held.add(res);
          res.on('close', () => held.delete(res));
          return;
        }
        if (behaviour === 'cut-off') {
          res.writeHead(201, { 'content-length': '1000' });
          res.write('partial');
          setImmediate(() => res.socket?.destroy());
          return;
        }
        if (behaviour === 'redirect') {
          res.writeHead(307, { location: `${service.origin}/push/elsewhere` }).end();
          return;
        }
        const status = service.answer;
        // Only accepted messages reach a browser.
        if (status < 300)
          received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(status).end();
      });
    },
  );
  server.on('secureConnection', () => (service.connections += 1));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  service.port = (server.address() as AddressInfo).port;
  service.origin = `https://${host}:${String(service.port)}`;
  return service;
}
