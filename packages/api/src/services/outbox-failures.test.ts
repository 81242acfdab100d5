import net from 'node:net';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_TEXT } from '@yardsale/validators';

import { LIMITS, createOutboxTestApi, outboxSteps } from '../../test/outbox-testing';
import { startTestPushService } from '../../test/push-testing';
import type { TestPushService } from '../../test/push-testing';
import type { TestApi } from '../../test/testing';
import { OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS, runOutboxBatch } from './outbox';
import { DEVICE_REMOVED_AFTER_REFUSALS } from './outbox-push';
import { retryDelayMs } from './outbox-row';

const { notificationOutbox, pushSubscriptions } = schema;

/** A loopback port nothing listens on: a device whose push service refuses connections. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(testDatabaseKinds())('the notification outbox on %s', (kind) => {
  let api: TestApi;
  let service: TestPushService;
  let now = new Date('2026-06-06T09:00:00Z');
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    service = await startTestPushService();
    api = await createOutboxTestApi(kind, service, () => now);
  });
  afterAll(async () => {
    await api.close();
    await service.close();
  });

  const { drain, withDevice, conversation } = outboxSteps(
    () => api,
    () => service,
  );

  it('removes a device the push service no longer knows, and retries a failing service with growing delays', async () => {
    const { seller, buyer } = await conversation();
    service.answer = 410;
    await seller.caller.reviews.create({ revieweeId: buyer.user.id, rating: 5, comment: 'Kind' });
    await drain();
    service.answer = 201;
    const left = await api.deps.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, buyer.user.id));
    expect(left).toEqual([]);

    service.answer = 503;
    await buyer.caller.reviews.create({ revieweeId: seller.user.id, rating: 4, comment: 'Fair' });
    const first = await runOutboxBatch(api.deps);
    expect(first.retried).toBeGreaterThanOrEqual(1);
    const [row] = await api.deps.db
      .select()
      .from(notificationOutbox)
      .where(
        sql`${notificationOutbox.idempotencyKey} like 'review:%:push' and ${notificationOutbox.userId} = ${seller.user.id}`,
      );
    expect(row?.attempts).toBe(1);
    expect(row?.dueAt.getTime()).toBe(now.getTime() + retryDelayMs(1));
    // Not before its time.
    expect((await runOutboxBatch(api.deps)).claimed).toBe(0);
    service.answer = 201;
    later(retryDelayMs(1));
    await drain();
    expect(seller.pushes()).toEqual([
      expect.objectContaining({ title: NOTIFICATION_TEXT.reviewTitle('Tom', 4), body: 'Fair' }),
    ]);
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
  });

  it('delivers each notification once when the worker stops mid-batch and another takes over', async () => {
    const reader = await withDevice('Lee');
    for (let i = 0; i < 40; i += 1) {
      const reviewer = await api.signUp('Neighbour', {
        email: `reviewer-${String(i)}@example.com`,
      });
      await reviewer.caller.reviews.create({
        revieweeId: reader.user.id,
        rating: 5,
        comment: 'Great',
      });
    }
    // The mails are switched off here so the count is of pushes alone.
    await reader.caller.notifications.updateSettings({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      review: { push: true, email: false },
    });

    // The first worker stops after 15 pushes: what it had claimed and not sent stays claimed by it.
    const stop = new AbortController();
    const before = service.received.length;
    const watcher = setInterval(() => {
      if (service.received.length - before >= 15) stop.abort();
    }, 1);
    let firstClaimed = 0;
    while (!stop.signal.aborted) {
      const run = await runOutboxBatch(api.deps, { signal: stop.signal });
      firstClaimed += run.claimed;
      if (run.claimed === 0) break;
    }
    clearInterval(watcher);
    expect(stop.signal.aborted).toBe(true);
    const afterFirst = reader.pushes().length;
    expect(afterFirst).toBeGreaterThanOrEqual(15);
    expect(afterFirst).toBeLessThan(40);
    // One person's rows are claimed a few at a time, in order.
    expect(firstClaimed).toBeLessThan(80);

    // A crash after a push left but before it was marked: the row is claimed and unmarked.
    const [lost] = await api.deps.db
      .update(notificationOutbox)
      .set({ sentAt: null, lockedUntil: new Date(now.getTime() + OUTBOX_LEASE_MS) })
      .where(
        sql`${notificationOutbox.id} = (select id from ${notificationOutbox} where user_id = ${reader.user.id}
          and channel = 'push' and sent_at is not null order by id limit 1)`,
      )
      .returning({ key: notificationOutbox.idempotencyKey });

    // Its replacement finds nothing to take while the leases hold...
    expect((await runOutboxBatch(api.deps)).claimed).toBe(0);
    // ...and everything left once they run out.
    later(OUTBOX_LEASE_MS + 1000);
    if (kind === 'postgres') {
      // Two instances at once share the rows instead of both sending them.
      await Promise.all([runOutboxBatch(api.deps), runOutboxBatch(api.deps)]);
    }
    await drain();

    const tags = reader.pushes().map((p) => p.tag);
    const distinct = new Set(tags);
    console.info(
      `outbox restart (${kind}): 40 reviews, ${String(afterFirst)} pushed before the stop, ${String(tags.length)} pushes received in all, ${String(distinct.size)} distinct`,
    );
    expect(distinct.size).toBe(40);
    // Only the one whose mark was lost came twice, under the same tag (the device shows it once).
    expect(tags.length).toBe(41);
    expect(tags.filter((t) => `${t}:push` === lost?.key)).toHaveLength(2);
    const unsent = await api.deps.db
      .select()
      .from(notificationOutbox)
      .where(
        sql`${notificationOutbox.userId} = ${reader.user.id} and sent_at is null and done_reason is null`,
      );
    expect(unsent).toEqual([]);
  });

  it('pushes to each device on its own: refused, redirecting and silent devices cost the healthy one nothing', async () => {
    const person = await api.signUp('Uma');
    const refused = {
      endpoint: `https://127.0.0.1:${String(await closedPort())}/push/refused`,
      keys: service.browser().subscription.keys,
    };
    const redirecting = service.browser('redirect');
    const silent = service.browser('no-answer');
    const healthy = service.browser();
    for (const subscription of [
      refused,
      redirecting.subscription,
      silent.subscription,
      healthy.subscription,
    ])
      await person.caller.notifications.subscribePush(subscription);
    const deviceOf = async (endpoint: string) =>
      (
        await api.deps.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, endpoint))
      )[0];

    const review = async (firstName: string) => {
      const reviewer = await api.signUp(firstName);
      await reviewer.caller.reviews.create({
        revieweeId: person.user.id,
        rating: 5,
        comment: 'Kind',
      });
    };
    await review('Rae');
    const started = Date.now();
    const batch = runOutboxBatch(api.deps);
    await expect.poll(() => healthy.messages().length, { timeout: 10_000 }).toBe(1);
    // It arrived while the silent device still held its connection open.
    expect(Date.now() - started).toBeLessThan(LIMITS.totalTimeoutMs);
    const result = await batch;
    expect(result.sent).toBe(2);
    expect(result.retried + result.failed).toBe(0);
    expect(healthy.messages()).toEqual([
      expect.objectContaining({ title: NOTIFICATION_TEXT.reviewTitle('Rae', 5) }),
    ]);
    // Each failure is the failing device's own.
    for (const endpoint of [
      refused.endpoint,
      redirecting.subscription.endpoint,
      silent.subscription.endpoint,
    ]) {
      const device = await deviceOf(endpoint);
      expect(device?.failures, endpoint).toBe(1);
      expect(device?.lastError, endpoint).toBeTruthy();
      expect(device?.restingUntil?.getTime(), endpoint).toBe(now.getTime() + retryDelayMs(1));
    }
    expect((await deviceOf(healthy.subscription.endpoint))?.failures).toBe(0);

    // A device refused for good is removed after a few tries; one that may come back rests between
    // them and is kept; the healthy one gets every push.
    for (let round = 2; round <= DEVICE_REMOVED_AFTER_REFUSALS; round += 1) {
      later(retryDelayMs(round - 1));
      await review(`Reviewer${String(round)}`);
      await drain();
    }
    expect(await deviceOf(redirecting.subscription.endpoint)).toBeUndefined();
    expect((await deviceOf(refused.endpoint))?.failures).toBe(DEVICE_REMOVED_AFTER_REFUSALS);
    expect((await deviceOf(silent.subscription.endpoint))?.failures).toBe(
      DEVICE_REMOVED_AFTER_REFUSALS,
    );
    expect(healthy.messages()).toHaveLength(DEVICE_REMOVED_AFTER_REFUSALS);
  }, 30_000);

  it('gives a row up after its tries even when every try stopped the sender before it could fail', async () => {
    const person = await withDevice('Vic');
    const reviewer = await api.signUp('Wes');
    await reviewer.caller.reviews.create({ revieweeId: person.user.id, rating: 3, comment: 'Ok' });
    const rowOf = async () =>
      (
        await api.deps.db
          .select()
          .from(notificationOutbox)
          .where(
            sql`${notificationOutbox.userId} = ${person.user.id} and ${notificationOutbox.channel} = 'push'`,
          )
      )[0];
    // A sender that dies (or hangs) after claiming: the claim is all that happens, again and again.
    const crashed = AbortSignal.abort();
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt += 1) {
      const run = await runOutboxBatch(api.deps, { signal: crashed });
      expect(run.claimed, `claim ${String(attempt)}`).toBeGreaterThanOrEqual(1);
      expect((await rowOf())?.attempts).toBe(attempt);
      later(OUTBOX_LEASE_MS + 1000);
    }
    expect((await runOutboxBatch(api.deps)).claimed).toBe(0);
    const row = await rowOf();
    expect(row?.doneReason).toBe('failed');
    expect(row?.sentAt).toBeNull();
    expect(person.pushes()).toEqual([]);
  });
});
