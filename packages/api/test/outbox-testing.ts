/*
 * What the outbox tests share: an API that pushes to a test push service, people with a browser
 * subscribed to it, and sending everything due.
 */
import type { OutboundLimits } from '../src/services/outbound';
import { runOutboxBatch } from '../src/services/outbox';
import { createPushSender, newVapidKeys } from '../src/services/push';
import type { TestBrowser, TestPushService } from './push-testing';
import { createTestApi } from './testing';
import type { TestApi } from './testing';

/** Short, so that a device that never answers costs a test little time. */
export const LIMITS: OutboundLimits = {
  connectTimeoutMs: 1000,
  totalTimeoutMs: 1500,
  maxResponseBytes: 4096,
};

interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** A fresh API on `kind` that pushes to `service`, at the time `now` answers. */
export function createOutboxTestApi(
  kind: 'pglite' | 'postgres',
  service: TestPushService,
  now: () => Date,
): Promise<TestApi> {
  return createTestApi(kind, {
    now,
    push: createPushSender(
      { ...newVapidKeys(), subject: 'mailto:admin@yardsale.test' },
      { agent: service.agent, limits: LIMITS },
    ),
    rateLimits: {
      registerByClient: { points: 1000, durationSeconds: 60 },
      reviewsByClient: { points: 1000, durationSeconds: 60 },
    },
  });
}

/** Sending and the people it is sent to, on the API `api()` and the push service `service()` answer. */
export function outboxSteps(api: () => TestApi, service: () => TestPushService) {
  /** Sends everything due now, batch after batch. */
  async function drain() {
    for (;;) {
      const result = await runOutboxBatch(api().deps);
      if (result.claimed === 0) return;
    }
  }

  /** A person with this device subscribed to push. */
  async function withDevice(firstName: string) {
    const person = await api().signUp(firstName);
    const device: TestBrowser = service().browser();
    await person.caller.notifications.subscribePush(device.subscription);
    return { ...person, device, pushes: () => device.messages() as PushMessage[] };
  }

  async function conversation() {
    const seller = await withDevice('Maria');
    const buyer = await withDevice('Tom');
    const { id: listingId } = await seller.caller.listings.create({
      title: 'Oak bookcase',
      category: 'Furniture',
      listingType: 'single-item',
      priceRange: '$50-$100',
      address: '12 Elm Street',
    });
    const { id } = await buyer.caller.conversations.start({ listingId });
    return { seller, buyer, conversationId: id };
  }

  /** Notification mails (not the account's verification mail). */
  const mailsTo = (email: string) =>
    api().mail.sent.filter((m) => m.to === email && m.headers?.['List-Unsubscribe']);

  return { drain, withDevice, conversation, mailsTo };
}
