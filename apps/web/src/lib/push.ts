import { NOTIFICATION_TEXT } from '@yardsale/validators';
import type { PushSubscriptionInput } from '@yardsale/validators';

import { registerServiceWorker } from '../pwa/register-service-worker';
import { serverMessage } from './errors';

/*
 * Push notifications on this device: whether it can have them, and turning them on and off. The
 * browser keeps the subscription; the server is told of it so it can send (decision 073). Screens
 * load this with themselves, never with the app's first page.
 */

const M = NOTIFICATION_TEXT.push;

/** `unsupported`: no service worker or Push API; `blocked`: the person (or browser) said no. */
export type DevicePush = 'unsupported' | 'blocked' | 'off' | 'on';

/** Why a card suggests turning push on; each remembers its own "Not now". */
export type PushPromptReason = 'message' | 'saved-search';

/** How long to wait for the service worker on a first visit before saying push cannot start. */
const WORKER_READY_TIMEOUT_MS = 15_000;

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** This device's subscription, if it has one; never registers or waits for anything. */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function devicePushState(): Promise<DevicePush> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** A sentence for the person: what went wrong turning push on. */
class PushSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushSetupError';
  }
}

/** The sentence for a failed "Turn on": ours, the server's, or a general one. */
export function pushErrorMessage(error: unknown): string {
  if (error instanceof PushSetupError) return error.message;
  return serverMessage(error) ?? M.saveFailed;
}

/**
 * The active service worker. The page registers it a moment after load; someone quicker than
 * that registers it here, and a browser that never activates it (no worker in development, a
 * refused script) gets an answer rather than a wait.
 */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  registerServiceWorker();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), WORKER_READY_TIMEOUT_MS);
  });
  const registration = await Promise.race([navigator.serviceWorker.ready, timeout]);
  clearTimeout(timer);
  if (!registration) throw new PushSetupError(M.subscribeFailed);
  return registration;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, i) => byte === expected[i]);
}

/** What the server stores: `PushSubscription.toJSON()`, checked to have what it needs. */
function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  const p256dh = keys?.p256dh;
  const auth = keys?.auth;
  if (!endpoint || !p256dh || !auth) throw new PushSetupError(M.subscribeFailed);
  return { endpoint, expirationTime: expirationTime ?? null, keys: { p256dh, auth } };
}

/**
 * Asks the browser for permission (only ever from a click), subscribes this device with the
 * server's key and hands the subscription to `save` (the server). A subscription the server
 * refused is dropped again, so the device never counts as on when nothing would arrive.
 */
export async function turnOnPush(
  publicKey: string,
  save: (subscription: PushSubscriptionInput) => Promise<unknown>,
  owner: number | undefined,
): Promise<void> {
  if (!pushSupported()) throw new PushSetupError(M.subscribeFailed);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError(M.blocked);
  if (permission !== 'granted') throw new PushSetupError(M.dismissed);

  const registration = await activeRegistration();
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Made with another key (the server's changed): the push service would refuse our sends.
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError')
      throw new PushSetupError(M.blocked);
    throw new PushSetupError(M.subscribeFailed);
  }

  try {
    await save(subscriptionInput(subscription));
  } catch (error) {
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  if (owner !== undefined) rememberOwner(String(owner));
}

/** Who turned push on in this browser: after a sign-in, only they get it back without asking. */
const OWNER_KEY = 'yardsale.push-owner';

function rememberOwner(owner: string | null): void {
  try {
    if (owner === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, owner);
  } catch {
    // Storage refused (private mode): the subscription is then dropped at the next sign-in.
  }
}

/**
 * After a sign-in. The server stops a device's pushes when the sign-in that turned them on ends
 * (sign-out, expiry); the browser may still hold the subscription. The person who turned it on gets
 * it back for this new sign-in; anyone else starts with push off on this browser.
 */
export async function resumePushAfterSignIn(
  userId: number,
  save: (subscription: PushSubscriptionInput) => Promise<unknown>,
): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  let owner: string | null = null;
  try {
    owner = localStorage.getItem(OWNER_KEY);
  } catch {
    owner = null;
  }
  if (owner === String(userId) && Notification.permission === 'granted') {
    try {
      await save(subscriptionInput(subscription));
      return;
    } catch {
      // Refused (push off on the server now): dropped below, so the device does not count as on.
    }
  }
  await subscription.unsubscribe().catch(() => undefined);
  rememberOwner(null);
}

/**
 * Stops pushes to this device: the server forgets the subscription, then the browser drops it.
 * If the server cannot be told, the browser still drops it: the push service then answers the
 * server's next send with "gone", and the server forgets it then.
 */
export async function turnOffPush(forget: (endpoint: string) => Promise<unknown>): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await forget(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}

const declinedKey = (reason: PushPromptReason) => `push-prompt-not-now:${reason}`;

/** Whether the person chose "Not now" on this card before, on this device. */
export function pushPromptDeclined(reason: PushPromptReason): boolean {
  try {
    return localStorage.getItem(declinedKey(reason)) !== null;
  } catch {
    return false;
  }
}

export function declinePushPrompt(reason: PushPromptReason): void {
  try {
    localStorage.setItem(declinedKey(reason), new Date().toISOString());
  } catch {
    // Storage refused (a private mode): the card stays hidden until the page is left.
  }
}
