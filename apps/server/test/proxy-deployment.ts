/**
 * Two processes of the built server on one PostgreSQL, Redis and object store, behind nginx with the
 * configuration the product recommends (deploy/nginx/yardsale.conf), as docs/deploy.md sets them up;
 * and what a client does through it: requests straight to an instance or through the proxy, signing
 * up, posting a listing with a photo, and a live connection as the web app's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import superjson from 'superjson';
import { expect } from 'vitest';
import WebSocket from 'ws';

import type { AppRouter } from '@yardsale/api';
import { startTestSmtpServer } from '@yardsale/api/smtp-testing';
import { within } from '@yardsale/api/testing';
import { startS3Server } from '@yardsale/db/s3-testing';
import { createTestDatabase, testServiceUrl } from '@yardsale/db/testing';
import type { ConversationEvent } from '@yardsale/validators';

import { freePort, spawnBuiltServer, startNginx, whenRunning } from './process-testing';
import type { ServerProcess } from './process-testing';

/** The value, or the test fails saying what was missing. */
export function got<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}

export interface Account {
  id: number;
  email: string;
  cookie: string;
  client: string;
}

export type ProxyDeployment = Awaited<ReturnType<typeof startProxyDeployment>>;

/** Starts everything, both instances running; `stop` ends and removes it all. */
export async function startProxyDeployment() {
  const redisBase = testServiceUrl(
    'TEST_REDIS_URL',
    'the instances behind nginx (shared rate limits)',
  );
  if (!redisBase)
    throw new Error('TEST_REDIS_URL is needed: the instances share rate limits in Redis');
  const ports: [number, number] = [0, 0];
  const instances: [ServerProcess | null, ServerProcess | null] = [null, null];
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'yardsale-proxy-'));

  const direct = (i: 0 | 1) => `http://127.0.0.1:${ports[i]}`;

  async function startInstances(which: (0 | 1)[]): Promise<void> {
    for (const i of which) instances[i] = spawnBuiltServer(env(ports[i]));
    await Promise.all(which.map((i) => whenRunning(got(instances[i], `instance ${i}`))));
  }

  async function stopInstance(i: 0 | 1, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const running = instances[i];
    if (!running) return;
    running.child.kill(signal);
    await within(running.exited, 20_000, () => `instance ${i} to stop`);
    instances[i] = null;
  }

  const database = await createTestDatabase('postgres');
  // A Redis database of its own, so other suites' limits and this one's never meet.
  const redisUrl = new URL(redisBase);
  redisUrl.pathname = '/11';
  const redis = new Redis(redisUrl.toString());
  await redis.flushdb();
  const s3 = await startS3Server({ bucket: 'yardsale-photos' });
  const smtp = await startTestSmtpServer();
  ports[0] = await freePort();
  ports[1] = await freePort();
  const nginx = await startNginx(ports);
  const origin = nginx.url;
  // The proxy tests need no real web app, only something at / to serve.
  const webDist = path.join(scratch, 'web');
  mkdirSync(webDist);
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>YardSale</title><div id="app"></div>',
  );
  const env = (port: number): Record<string, string> => ({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: got(database.databaseUrl, 'a PostgreSQL URL'),
    REDIS_URL: redisUrl.toString(),
    APP_ORIGIN: origin,
    TRUST_PROXY: '1',
    DATA_DIR: path.join(scratch, `data-${port}`),
    WEB_DIST_DIR: webDist,
    ADMIN_PASSWORD: 'proxy-admin-pass-1',
    LOG_LEVEL: 'info',
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: s3.region,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_URL: smtp.url,
  });

  /** A JSON request to a base URL, from the app's origin, as `client` (an address behind the proxy). */
  async function send(
    base: string,
    method: string,
    url: string,
    options: { body?: unknown; cookie?: string; client?: string } = {},
  ) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        origin,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        // Straight to an instance, this stands for the address the proxy would have added.
        ...(options.client ? { 'x-forwarded-for': options.client } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // nginx's own error pages are HTML.
      json = { text };
    }
    return {
      status: res.status,
      json,
      cookie: res.headers.getSetCookie()[0]?.split(';')[0] ?? '',
    };
  }

  let people = 0;
  async function register(base: string, firstName: string): Promise<Account> {
    people += 1;
    const email = `proxy-${people}@example.com`;
    const res = await send(base, 'POST', '/api/register', {
      body: { email, password: 'proxy-pass-1', firstName, lastName: 'Lane', termsAccepted: true },
      client: `198.51.100.${people}`,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // Posting and messaging wait for the address: open the link the instance mailed.
    const verified = await send(base, 'POST', '/api/auth/verify-email', {
      body: { token: await smtp.tokenFor(email, '/verify-email') },
      client: `198.51.100.${people}`,
    });
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    return { id: res.json.id as number, email, cookie: res.cookie, client: `198.51.100.${people}` };
  }

  const photo = (colour: string) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();

  async function createListing(
    base: string,
    seller: { cookie: string; client: string },
    title: string,
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title,
      category: 'Home & Garden',
      listingType: 'single-item',
      priceRange: 'Free',
      address: '2 Relay Road',
    }))
      form.append(k, v);
    form.append(
      'photos',
      new Blob([new Uint8Array(await photo('#6a8f3c'))], { type: 'image/jpeg' }),
      'a.jpg',
    );
    const res = await fetch(`${base}/api/listings/create-with-photos`, {
      method: 'POST',
      headers: { cookie: seller.cookie, origin, 'x-forwarded-for': seller.client },
      body: form,
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body as { id: number };
  }

  /** A signed-in live connection through `base`, reconnecting as the web app's does. */
  function liveClient(base: string, cookie: string) {
    class BrowserLikeSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie, origin } });
      }
    }
    const opens: number[] = [];
    const closes: number[] = [];
    const wsClient = createWSClient({
      url: `${base.replace('http', 'ws')}/trpc`,
      WebSocket: BrowserLikeSocket as unknown as typeof globalThis.WebSocket,
      onOpen: () => opens.push(performance.now()),
      onClose: () => closes.push(performance.now()),
    });
    const client = createTRPCClient<AppRouter>({
      links: [wsLink({ client: wsClient, transformer: superjson })],
    });
    const events: { event: ConversationEvent; at: number }[] = [];
    const errors: unknown[] = [];
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    const sub = client.conversations.events.subscribe(undefined, {
      onStarted: () => started(),
      onData: (envelope) => events.push({ event: envelope.data, at: performance.now() }),
      onError: (err) => errors.push(err),
    });
    return {
      events,
      errors,
      opens,
      closes,
      started: isStarted,
      async close() {
        sub.unsubscribe();
        await wsClient.close();
      },
    };
  }

  const messageIds = (live: ReturnType<typeof liveClient>) =>
    new Set(
      live.events.flatMap(({ event }) =>
        event.kind === 'message.created' ? [event.message.id] : [],
      ),
    );

  async function stop() {
    await Promise.all([stopInstance(0, 'SIGKILL'), stopInstance(1, 'SIGKILL')]);
    await nginx.stop();
    await s3.stop();
    await smtp.close();
    await redis.quit();
    await database.close();
    rmSync(scratch, { recursive: true, force: true });
  }

  try {
    await startInstances([0, 1]);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    database,
    s3,
    nginx,
    origin,
    /** The running processes, as started and stopped below. */
    instances,
    direct,
    startInstances,
    stopInstance,
    send,
    register,
    createListing,
    liveClient,
    messageIds,
    stop,
  };
}
