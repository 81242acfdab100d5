import { createECDH, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

import type { BrowserContext } from '@playwright/test';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the journeys run in Node, not in the app: the API's test helper decrypts as a browser would
import { decryptPush } from '@yardsale/api/push-testing';

import { e2eEnv } from './env';

/**
 * A push service of the journeys' own, standing in for the browser's (Chromium here has no
 * internet): HTTPS on loopback with the run's certificate, which the server trusts
 * (playwright.config.ts). What the server sends to a device is decrypted with that device's keys,
 * as the browser would.
 */
export interface PushDevice {
  /** What the page's PushManager answers with: an endpoint here, a real P-256 key and a secret. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The pushes that reached this device, decrypted, oldest first. */
  messages(): unknown[];
}

export async function startPushService() {
  const received: { path: string; body: Buffer }[] = [];
  const server = createServer(
    { key: readFileSync(e2eEnv.pushService.key), cert: readFileSync(e2eEnv.pushService.cert) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
        res.writeHead(201).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  return {
    device(): PushDevice {
      const ua = createECDH('prime256v1');
      ua.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      return {
        subscription: {
          endpoint: `${origin}${path}`,
          keys: {
            p256dh: ua.getPublicKey().toString('base64url'),
            auth: authSecret.toString('base64url'),
          },
        },
        messages: () =>
          received
            .filter((r) => r.path === path)
            .map((r) => JSON.parse(decryptPush(r.body, ua, authSecret)) as unknown),
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Prepares every page of the context before the app's scripts run: counts the app's calls to
 * `Notification.requestPermission` (in sessionStorage, so they add up across page loads), and
 * makes `PushManager` subscribe to `device` instead of the browser's own push service, which
 * cannot be reached here. The subscription lives in localStorage, as the browser would keep it.
 */
export async function fakePushManager(context: BrowserContext, device: PushDevice) {
  await context.addInitScript((subscription) => {
    const ASKS = 'e2e-permission-asks';
    const SUBSCRIBED = 'e2e-push-application-server-key';

    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (callback) => {
      sessionStorage.setItem(ASKS, String(Number(sessionStorage.getItem(ASKS) ?? '0') + 1));
      return original(callback);
    };

    const toBase64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const fromBase64url = (text: string) => {
      const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
      const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
      return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
    };
    const made = (serverKey: string): PushSubscription => ({
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { applicationServerKey: fromBase64url(serverKey), userVisibleOnly: true },
      getKey: (name) =>
        fromBase64url(name === 'p256dh' ? subscription.keys.p256dh : subscription.keys.auth),
      toJSON: () => ({
        endpoint: subscription.endpoint,
        expirationTime: null,
        keys: subscription.keys,
      }),
      unsubscribe: () => {
        localStorage.removeItem(SUBSCRIBED);
        return Promise.resolve(true);
      },
    });

    PushManager.prototype.subscribe = function (options) {
      const key = options?.applicationServerKey;
      if (!options?.userVisibleOnly || !key)
        return Promise.reject(new DOMException('userVisibleOnly and a key', 'NotSupportedError'));
      const bytes =
        typeof key === 'string'
          ? new Uint8Array(fromBase64url(key))
          : key instanceof ArrayBuffer
            ? new Uint8Array(key)
            : new Uint8Array(key.buffer, key.byteOffset, key.byteLength);
      if (Notification.permission !== 'granted')
        return Promise.reject(new DOMException('permission denied', 'NotAllowedError'));
      localStorage.setItem(SUBSCRIBED, toBase64url(bytes));
      return Promise.resolve(made(toBase64url(bytes)));
    };
    PushManager.prototype.getSubscription = function () {
      const key = localStorage.getItem(SUBSCRIBED);
      return Promise.resolve(key ? made(key) : null);
    };
  }, device.subscription);
}

/** How often the page has asked for notification permission since the context opened. */
export function permissionAsks(page: { evaluate<R>(fn: () => R): Promise<R> }) {
  return page.evaluate(() => Number(sessionStorage.getItem('e2e-permission-asks') ?? '0'));
}
