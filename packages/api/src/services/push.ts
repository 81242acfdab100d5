import type { Agent } from 'node:https';

import webpush from 'web-push';

/** A browser's push subscription as `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The server's VAPID identity: its key pair (base64url) and a contact (`mailto:` or `https:`). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** `gone`: the push service no longer knows the subscription (404 or 410), so it should be removed. */
export type PushOutcome = 'sent' | 'gone';

export class PushFailedError extends Error {
  constructor(readonly statusCode: number | undefined) {
    super(`the push service answered ${statusCode === undefined ? 'nothing' : String(statusCode)}`);
    this.name = 'PushFailedError';
  }
}

export interface PushSender {
  /** Given to browsers as `applicationServerKey` when they subscribe. */
  readonly publicKey: string;
  /** Encrypts the payload for the subscription (aes128gcm, RFC 8291) and hands it to its push service. */
  send(
    subscription: PushSubscriptionKeys,
    payload: object,
    options?: {
      ttlSeconds?: number;
      urgency?: 'very-low' | 'low' | 'normal' | 'high';
      /** A message waiting at the push service with the same topic is replaced, not doubled. */
      topic?: string;
    },
  ): Promise<PushOutcome>;
}

/** A new VAPID key pair, for a server that has none configured (development keeps it in DATA_DIR). */
export function newVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

/**
 * Web Push through the `web-push` library. `agent` is for tests, whose push service has a
 * certificate of its own; production uses the system's trust store.
 */
export function createPushSender(vapid: VapidKeys, options: { agent?: Agent } = {}): PushSender {
  return {
    publicKey: vapid.publicKey,
    async send(subscription, payload, sendOptions = {}) {
      try {
        await webpush.sendNotification(subscription, JSON.stringify(payload), {
          vapidDetails: vapid,
          contentEncoding: 'aes128gcm',
          // A message nobody reads within a day is stale news.
          TTL: sendOptions.ttlSeconds ?? 24 * 60 * 60,
          urgency: sendOptions.urgency ?? 'normal',
          ...(sendOptions.topic ? { topic: sendOptions.topic } : {}),
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return 'sent';
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          if (err.statusCode === 404 || err.statusCode === 410) return 'gone';
          throw new PushFailedError(err.statusCode);
        }
        throw err;
      }
    },
  };
}
