/*
 * The built server against push services that fight back: one answers 201 and then an endless body,
 * one never answers, one cuts its answer off. They belong to accounts whose notifications are queued
 * first; a neighbour's push and mail queued after them must still arrive at once, and the server
 * must stay up with its memory flat.
 */
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestPushService } from '@yardsale/api/push-testing';
import type { TestPushService } from '@yardsale/api/push-testing';
import { startTestSmtpServer } from '@yardsale/api/smtp-testing';
import type { TestSmtpServer } from '@yardsale/api/smtp-testing';
import { NOTIFICATION_TEXT } from '@yardsale/validators';

import { freePort, spawnBuiltServer, whenRunning } from '../test/process-testing';
import type { ServerProcess } from '../test/process-testing';

/** The server process's resident memory, from /proc (bytes). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error('no VmRSS in /proc status');
  return Number(kb) * 1024;
}

describe('the server against hostile push services', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'yardsale-hostile-push-'));
  let push: TestPushService;
  let smtp: TestSmtpServer;
  let server: ServerProcess;
  let url = '';

  beforeAll(async () => {
    push = await startTestPushService();
    smtp = await startTestSmtpServer();
    const ca = path.join(scratch, 'push-ca.pem');
    writeFileSync(ca, push.certificate);
    const port = await freePort();
    url = `http://127.0.0.1:${String(port)}`;
    server = spawnBuiltServer({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(scratch, 'data'),
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'hostile-admin-pass-1',
      LOG_LEVEL: 'error',
      SMTP_URL: smtp.url,
      // Trusts the test push service's certificate, as a real one is trusted through the system's.
      NODE_EXTRA_CA_CERTS: ca,
    });
    await whenRunning(server);
  }, 90_000);

  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await push.close();
    await smtp.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A request as the web app sends it (JSON, or a form): from the app's origin, with the session cookie. */
  async function call(method: string, pathname: string, body?: unknown, cookie?: string) {
    const form = body instanceof FormData;
    const res = await fetch(`${url}${pathname}`, {
      method,
      headers: {
        origin: url,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathname}: ${String(res.status)} ${text}`);
    return {
      json: (text ? JSON.parse(text) : null) as Record<string, unknown>,
      cookie: res.headers.get('set-cookie')?.split(';')[0],
    };
  }

  /** A neighbour who signed up and confirmed their address from the mailed link. */
  async function neighbour(firstName: string) {
    const email = `${firstName.toLowerCase()}-${String(Date.now())}@example.com`;
    const registered = await call('POST', '/api/register', {
      email,
      password: 'hostile-pass-1',
      firstName,
      lastName: 'Lane',
      termsAccepted: true,
    });
    const cookie = registered.cookie;
    if (!cookie) throw new Error('no session cookie');
    const token = await smtp.tokenFor(email, '/verify-email');
    await call('POST', '/api/auth/verify-email', { token }, cookie);
    return { id: Number(registered.json.id), email, cookie };
  }

  it('stays up with flat memory, and a neighbour queued behind them gets their push and mail within 10 s', async () => {
    const seller = await neighbour('Sally');
    const fields = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Garden bench',
      category: 'Home & Garden',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '4 Oak Lane',
    }))
      fields.set(name, value);
    const { json: listing } = await call(
      'POST',
      '/api/listings/create-with-photos',
      fields,
      seller.cookie,
    );

    // Three accounts, each with a device at each hostile service, each in a conversation with the seller.
    const conversations: number[] = [];
    for (const name of ['Hal', 'Ivy', 'Jay']) {
      const attacker = await neighbour(name);
      for (const behaviour of ['endless-body', 'no-answer', 'cut-off'] as const) {
        const { subscription } = push.browser(behaviour);
        await call(
          'POST',
          '/api/push-subscriptions',
          { ...subscription, expirationTime: null },
          attacker.cookie,
        );
      }
      const { json } = await call(
        'POST',
        '/api/conversations',
        { listingId: Number(listing.id) },
        attacker.cookie,
      );
      conversations.push(Number(json.id));
    }
    const reviewer = await neighbour('Kim');
    const third = await neighbour('Lou');
    const device = push.browser();
    await call(
      'POST',
      '/api/push-subscriptions',
      { ...device.subscription, expirationTime: null },
      third.cookie,
    );

    const baseline = residentBytes(server.child.pid ?? 0);
    let peak = baseline;
    const sampler = setInterval(() => {
      if (server.child.exitCode === null)
        peak = Math.max(peak, residentBytes(server.child.pid ?? 0));
    }, 20);
    try {
      // The hostile devices' pushes are queued first: four messages to each account...
      for (let i = 0; i < 4; i += 1) {
        for (const conversationId of conversations) {
          await call(
            'POST',
            `/api/conversations/${String(conversationId)}/messages`,
            { content: `Still there? (${String(i)})` },
            seller.cookie,
          );
        }
      }
      // ...then a neighbour's review of the third person: a push and a mail, queued behind them.
      const queued = Date.now();
      await call(
        'POST',
        '/api/reviews',
        { revieweeId: third.id, rating: 5, comment: 'Lovely to deal with' },
        reviewer.cookie,
      );
      await expect
        .poll(() => device.messages().length, { timeout: 10_000, interval: 50 })
        .toBeGreaterThan(0);
      const reviewTitle = NOTIFICATION_TEXT.reviewTitle('Kim', 5);
      const reviewMails = () =>
        smtp.received.filter((m) => m.to.includes(third.email) && m.mail.subject === reviewTitle);
      await expect
        .poll(() => reviewMails().length, {
          timeout: Math.max(0, 10_000 - (Date.now() - queued)),
          interval: 50,
        })
        .toBe(1);
      const arrivedIn = Date.now() - queued;
      console.info(
        `hostile push services: the neighbour's push and mail arrived ${String(arrivedIn)} ms after the review; ` +
          `${String(push.unanswered)} pushes held unanswered, ${String(Math.round(push.endlessBytesWritten / 1048576))} MB of endless bodies written before the server hung up`,
      );
      expect(arrivedIn).toBeLessThan(10_000);
      expect(device.messages()).toEqual([expect.objectContaining({ title: reviewTitle })]);

      // Each account's silent device was tried, and the server hung up on it when its time ran out.
      await expect
        .poll(() => push.unanswered, { timeout: 30_000 })
        .toBeGreaterThanOrEqual(conversations.length);
      await expect.poll(() => push.heldOpen(), { timeout: 30_000, interval: 100 }).toBe(0);
    } finally {
      clearInterval(sampler);
    }
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    console.info(
      `hostile push services: server memory ${String(Math.round(baseline / 1048576))} MB before, ${String(Math.round(peak / 1048576))} MB at most`,
    );
    expect(peak - baseline).toBeLessThan(100 * 1024 * 1024);
  }, 120_000);
});
