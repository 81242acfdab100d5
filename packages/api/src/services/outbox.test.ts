import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_TEXT } from '@yardsale/validators';

import { createOutboxTestApi, outboxSteps } from '../../test/outbox-testing';
import { startTestPushService } from '../../test/push-testing';
import type { TestPushService } from '../../test/push-testing';
import { until } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { queueDailyDigests } from './outbox';
import { isOnline, markOnline } from './presence';

const { notificationOutbox, notifications } = schema;

// Failing devices, retries, restarts and giving up are in outbox-failures.test.ts.
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

  const { drain, withDevice, conversation, mailsTo } = outboxSteps(
    () => api,
    () => service,
  );

  it('pushes a new message at once, encrypted for the device, and mails it only if still unread 15 minutes later, once an hour per conversation', async () => {
    const { seller, buyer, conversationId } = await conversation();
    const first = await buyer.caller.conversations.send({
      conversationId,
      content: 'Is it still available?',
    });
    await drain();
    expect(seller.pushes()).toEqual([
      expect.objectContaining({
        title: NOTIFICATION_TEXT.newMessageTitle('Tom'),
        body: 'Is it still available?',
        url: `/messages?conversation=${String(conversationId)}`,
        tag: `message:${String(first.id)}`,
      }),
    ]);
    // Messages have their own unread count: no bell entry.
    const belled = await api.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, seller.user.id));
    expect(belled).toEqual([]);
    expect(mailsTo(seller.user.email)).toEqual([]);

    later(16 * 60 * 1000);
    await drain();
    const [mail] = mailsTo(seller.user.email);
    expect(mail?.subject).toBe(NOTIFICATION_TEXT.newMessageTitle('Tom'));
    expect(mail?.text).toContain('Is it still available?');
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[\w-]+&kind=message>$/,
    );

    // Another unread message 20 minutes later: pushed, but no second mail within the hour.
    later(4 * 60 * 1000);
    await buyer.caller.conversations.send({ conversationId, content: 'I could come at 5' });
    later(16 * 60 * 1000);
    await drain();
    expect(seller.pushes()).toHaveLength(2);
    expect(mailsTo(seller.user.email)).toHaveLength(1);

    // A message read within 15 minutes is never mailed.
    later(60 * 60 * 1000);
    await buyer.caller.conversations.send({ conversationId, content: 'Or tomorrow?' });
    await seller.caller.conversations.markRead({ conversationId });
    later(16 * 60 * 1000);
    await drain();
    expect(mailsTo(seller.user.email)).toHaveLength(1);
  });

  it('does not push a message to someone who has the app open, nor what they switched off', async () => {
    const { seller, buyer, conversationId } = await conversation();
    const open = markOnline(api.deps, seller.user.id, 30_000);
    // The mark is written in the background; the message is sent once it is there.
    await until(
      () => isOnline(api.deps.db, seller.user.id, api.deps.now()),
      5000,
      'the seller to be marked online',
    );
    await buyer.caller.conversations.send({ conversationId, content: 'Hello!' });
    await drain();
    expect(seller.pushes()).toEqual([]);
    await open.end();

    await seller.caller.notifications.updateSettings({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      message: { push: false, email: false },
    });
    await buyer.caller.conversations.send({ conversationId, content: 'Hello again' });
    later(16 * 60 * 1000);
    await drain();
    expect(seller.pushes()).toEqual([]);
    expect(mailsTo(seller.user.email)).toEqual([]);
  });

  it('stops pushing to a browser once the sign-in that subscribed it ends', async () => {
    const reviewer = await api.signUp('Dee');
    const person = await withDevice('Eli');
    await reviewer.caller.reviews.create({ revieweeId: person.user.id, rating: 4, comment: 'Ok' });
    await drain();
    expect(person.pushes()).toHaveLength(1);
    await person.caller.auth.logout();
    const other = await api.signUp('Fay');
    await other.caller.reviews.create({ revieweeId: person.user.id, rating: 5, comment: 'Nice' });
    await drain();
    expect(person.pushes()).toHaveLength(1);
  });

  it('mails no notification to an address nobody has confirmed', async () => {
    const unconfirmed = await api.signUp('Xan', { verified: false });
    const reviewer = await api.signUp('Yve');
    await reviewer.caller.reviews.create({
      revieweeId: unconfirmed.user.id,
      rating: 4,
      comment: 'Friendly',
    });
    await drain();
    expect(mailsTo(unconfirmed.user.email)).toEqual([]);
    const rows = await api.deps.db
      .select()
      .from(notificationOutbox)
      .where(
        sql`${notificationOutbox.userId} = ${unconfirmed.user.id} and ${notificationOutbox.channel} = 'email'`,
      );
    // Its e-mail switches read off until the address is confirmed (notificationSettingsOf).
    expect(rows.map((r) => [r.doneReason, r.sentAt])).toEqual([['off', null]]);
  });

  it('sends a daily digest of saved-search matches exactly once per person per day', async () => {
    const shopper = await api.signUp('Sam');
    const seller = await api.signUp('Kim');
    await shopper.caller.savedSearches.create({ search: 'crib', email: 'daily', push: false });
    for (const title of ['White crib with mattress', 'Wooden crib'])
      await seller.caller.listings.create({
        title,
        category: 'Kids & Family',
        listingType: 'single-item',
        priceRange: '$25-$50',
        address: '3 Birch Road',
      });
    await api.matchListings();
    const runs = await Promise.all([
      queueDailyDigests(api.deps),
      queueDailyDigests(api.deps),
      queueDailyDigests(api.deps),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    await drain();
    const digests = mailsTo(shopper.user.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toBe(NOTIFICATION_TEXT.digestSubject(2));
    expect(digests[0]?.html).toContain('White crib with mattress');
    expect(digests[0]?.html).toContain('Wooden crib');
    expect(digests[0]?.headers?.['List-Unsubscribe']).toContain('kind=saved-search');

    // A match later the same day waits for tomorrow's.
    await seller.caller.listings.create({
      title: 'Travel crib',
      category: 'Kids & Family',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '3 Birch Road',
    });
    await api.matchListings();
    expect(await queueDailyDigests(api.deps)).toBe(0);
    later(24 * 60 * 60 * 1000);
    expect(await queueDailyDigests(api.deps)).toBe(1);
    await drain();
    expect(mailsTo(shopper.user.email)).toHaveLength(2);
    expect(mailsTo(shopper.user.email)[1]?.subject).toBe(NOTIFICATION_TEXT.digestSubject(1));
  });
});
