import type { Agent } from 'node:https';

import webpush from 'web-push';

import { OutboundError, outboundRequest } from './outbound';
import type { ConnectTarget, OutboundLimits } from './outbound';

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

/**
 * A push that did not get through. `permanent`: asking again will not help (a redirect, a refusal
 * of the request, a certificate that is not the host's, an address we do not call); otherwise the
 * service or the way to it may be back later (no answer in time, refused or cut connection, 429, 5xx).
 */
export class PushFailedError extends Error {
  constructor(
    readonly statusCode: number | undefined,
    readonly permanent: boolean,
    detail?: string,
  ) {
    super(
      detail ??
        `the push service answered ${statusCode === undefined ? 'nothing' : String(statusCode)}`,
    );
    this.name = 'PushFailedError';
  }
}

export interface PushSender {
  /** Given to browsers as `applicationServerKey` when they subscribe. */
  readonly publicKey: string;
  /**
   * Encrypts the payload for the subscription (aes128gcm, RFC 8291) and hands it to its push service
   * at `target`, the address its endpoint was resolved to and checked at (outbound.ts resolveTarget).
   * Throws only PushFailedError.
   */
  send(
    subscription: PushSubscriptionKeys,
    payload: object,
    target: ConnectTarget,
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

/** Answers a service may give again later; anything else outside 2xx, 404 and 410 will not change. */
const passing = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * Web Push: the request is built by the `web-push` library (encryption, VAPID) and sent by
 * outboundRequest, bounded in time and in what is read back. `agent` is for tests, whose push
 * service has a certificate of its own; production uses the system's trust store.
 */
export function createPushSender(
  vapid: VapidKeys,
  options: { agent?: Agent; limits?: OutboundLimits } = {},
): PushSender {
  return {
    publicKey: vapid.publicKey,
    async send(subscription, payload, target, sendOptions = {}) {
      if (target.url.href !== new URL(subscription.endpoint).href) {
        throw new PushFailedError(undefined, true, 'the target is not this endpoint');
      }
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
          vapidDetails: vapid,
          contentEncoding: 'aes128gcm',
          // A message nobody reads within a day is stale news.
          TTL: sendOptions.ttlSeconds ?? 24 * 60 * 60,
          urgency: sendOptions.urgency ?? 'normal',
          ...(sendOptions.topic ? { topic: sendOptions.topic } : {}),
        });
      } catch (err) {
        // Keys the browser gave that do not make a key pair: this subscription cannot be sent to.
        throw new PushFailedError(
          undefined,
          true,
          err instanceof Error ? err.message : String(err),
        );
      }
      const headers: Record<string, string | number> = { ...details.headers };
      const body = details.body ?? undefined;
      let status: number;
      try {
        ({ status } = await outboundRequest(
          target,
          { method: details.method, headers, body, agent: options.agent },
          options.limits,
        ));
      } catch (err) {
        if (err instanceof OutboundError) {
          throw new PushFailedError(undefined, err.reason === 'tls', err.message);
        }
        throw new PushFailedError(
          undefined,
          false,
          err instanceof Error ? err.message : String(err),
        );
      }
      if (status >= 200 && status < 300) return 'sent';
      if (status === 404 || status === 410) return 'gone';
      throw new PushFailedError(status, !passing(status));
    },
  };
}
