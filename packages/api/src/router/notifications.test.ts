import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_TEXT } from '@yardsale/validators';
import type { NotificationSettings } from '@yardsale/validators';

import { unsubscribeTokenOf } from '../services/notifications';
import { runOutboxBatch } from '../services/outbox';
import { adminOnFirstUse, createTestApi, refusal, within } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const said = (e: { message: string }) => e.message;

describe.each(testDatabaseKinds())('notifications on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi(kind, {
      rateLimits: { registerByClient: { points: 1000, durationSeconds: 60 } },
    });
  });
  afterAll(async () => {
    await api.close();
  });
  const theAdmin = adminOnFirstUse(() => api);

  it('puts a review, a report update and an announcement in the bell, newest first, and counts them live', async () => {
    const admin = await theAdmin();
    const person = await api.signUp('Rosa');
    const neighbour = await api.signUp('Ben');

    const stop = new AbortController();
    const { caller: live } = await api.as(person.cookie, '127.0.0.1', stop.signal);
    const stream = await live.notifications.live();
    const counts = stream[Symbol.asyncIterator]();
    const next = async () => {
      const step = await within(counts.next(), 5000, () => 'an unread count');
      return step.value;
    };
    expect(await next()).toEqual({ unread: 0 });

    await neighbour.caller.reviews.create({
      revieweeId: person.user.id,
      rating: 5,
      comment: 'Lovely',
    });
    expect(await next()).toEqual({ unread: 1 });

    const report = await person.caller.reports.create({
      reportedUserId: neighbour.user.id,
      category: 'other',
      description: 'Posts the same sofa every day.',
    });
    await admin.caller.admin.updateReport({ id: report.id, status: 'reviewed' });
    expect(await next()).toEqual({ unread: 2 });
    // Notes alone do not notify.
    await admin.caller.admin.updateReport({
      id: report.id,
      status: 'reviewed',
      adminNotes: 'Checked',
    });

    await admin.caller.admin.announce({ message: 'Spring clean-up day is Saturday.' });
    expect(await next()).toEqual({ unread: 3 });

    const bell = await person.caller.notifications.list();
    expect(bell.unread).toBe(3);
    expect(bell.items.map((n) => [n.kind, n.title, n.body])).toEqual([
      ['announcement', NOTIFICATION_TEXT.announcementTitle, 'Spring clean-up day is Saturday.'],
      [
        'report',
        NOTIFICATION_TEXT.reportTitle,
        'We are looking into your report about Ben L.; we will tell you when we decide.',
      ],
      ['review', NOTIFICATION_TEXT.reviewTitle('Ben', 5), 'Lovely'],
    ]);
    expect(bell.items[0]?.conversationId).toEqual(expect.any(Number));
    expect(bell.items.every((n) => n.readAt === null)).toBe(true);

    // Someone else's ids change nothing; one's own are marked.
    const others = await neighbour.caller.notifications.markRead({
      ids: bell.items.map((n) => n.id),
    });
    // (The announcement reached them too.)
    expect(others.unread).toBe(1);
    expect((await person.caller.notifications.list()).unread).toBe(3);
    const firstId = bell.items[2]?.id ?? 0;
    expect(await person.caller.notifications.markRead({ ids: [firstId] })).toEqual({ unread: 2 });
    expect(await next()).toEqual({ unread: 2 });
    expect(await person.caller.notifications.markRead({})).toEqual({ unread: 0 });
    expect(await next()).toEqual({ unread: 0 });
    stop.abort();
  });

  it('says what the team decided about a report, naming the listing while it is up, else the person', async () => {
    const admin = await theAdmin();
    const reporter = await api.signUp('Rosa');
    const seller = await api.signUp('Theo', { lastName: 'Marsh' });
    const listing = async (title: string) =>
      (
        await seller.caller.listings.create({
          title,
          category: 'Furniture',
          listingType: 'single-item',
          priceRange: '$50-$100',
          address: '5 Linden Close',
        })
      ).id;
    const report = (listingId?: number) =>
      reporter.caller.reports.create({
        reportedUserId: seller.user.id,
        listingId,
        category: 'fake_listing',
        description: 'The photos are from a catalogue.',
      });
    const newest = async () => {
      const [entry] = (await reporter.caller.notifications.list()).items;
      return [entry?.title, entry?.body];
    };

    // Looked into, then resolved: neither claims an action nobody recorded.
    const chair = await report(await listing('Walnut rocking chair'));
    await admin.caller.admin.updateReport({ id: chair.id, status: 'reviewed' });
    expect(await newest()).toEqual([
      NOTIFICATION_TEXT.reportTitle,
      'We are looking into your report about the listing “Walnut rocking chair”; we will tell you when we decide.',
    ]);
    await admin.caller.admin.updateReport({ id: chair.id, status: 'resolved' });
    expect(await newest()).toEqual([
      NOTIFICATION_TEXT.reportTitle,
      'We reviewed your report about the listing “Walnut rocking chair” and marked it resolved.',
    ]);

    const lampId = await listing('Brass floor lamp');
    const lamp = await report(lampId);
    await admin.caller.admin.updateReport({ id: lamp.id, status: 'dismissed' });
    expect(await newest()).toEqual([
      NOTIFICATION_TEXT.reportTitle,
      'We looked at your report about the listing “Brass floor lamp” and dismissed it: no action was taken.',
    ]);

    // A report about the person, and one whose listing has gone since, name the person.
    const person = await report();
    await admin.caller.admin.updateReport({ id: person.id, status: 'dismissed' });
    expect((await newest())[1]).toBe(
      'We looked at your report about Theo M. and dismissed it: no action was taken.',
    );
    const sofa = await report(await listing('Green velvet sofa'));
    await seller.caller.listings.delete({ id: sofa.listingId ?? 0 });
    await admin.caller.admin.updateReport({ id: sofa.id, status: 'reviewed' });
    expect((await newest())[1]).toBe(
      'We are looking into your report about Theo M.; we will tell you when we decide.',
    );
  });

  it('keeps each kind’s switches, starting from the defaults', async () => {
    const person = await api.signUp('Ivy');
    expect(await person.caller.notifications.settings()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const changed = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      review: { push: false, email: true },
      'saved-search': { push: true, email: false },
    };
    expect(await person.caller.notifications.updateSettings(changed)).toEqual(changed);
    expect(await person.caller.notifications.settings()).toEqual(changed);
    // Another person's stay as they were.
    expect(await (await api.signUp('Joe')).caller.notifications.settings()).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );
  });

  it('turns off one kind of mail from the link in a mail, without signing in', async () => {
    const person = await api.signUp('Nia');
    const token = await unsubscribeTokenOf(api.deps.db, person.user.id);
    const { caller: anyone } = await api.as();
    expect(await anyone.notifications.unsubscribeEmail({ token, kind: 'review' })).toEqual({
      kind: 'review',
    });
    const settings = await person.caller.notifications.settings();
    expect(settings.review).toEqual({ push: true, email: false });
    expect(settings.message).toEqual(DEFAULT_NOTIFICATION_SETTINGS.message);
    const wrong = await refusal(
      anyone.notifications.unsubscribeEmail({ token: 'nope', kind: 'review' }),
    );
    expect([wrong.code, said(wrong)]).toEqual(['NOT_FOUND', NOTIFICATION_TEXT.unsubscribeInvalid]);
  });

  it('answers where push is off, and only the subscribed person can remove their device', async () => {
    const person = await api.signUp('Oli');
    const { caller: anyone } = await api.as();
    expect(await anyone.notifications.pushConfig()).toEqual({ publicKey: null });
    const refused = await refusal(
      person.caller.notifications.subscribePush({
        endpoint: 'https://push.example.com/abc',
        keys: { p256dh: 'BPk', auth: 'aGk' },
      }),
    );
    expect([refused.code, said(refused)]).toEqual([
      'PRECONDITION_FAILED',
      NOTIFICATION_TEXT.pushOff,
    ]);
    const http = await refusal(
      person.caller.notifications.subscribePush({
        endpoint: 'http://push.example.com/abc',
        keys: { p256dh: 'BPk', auth: 'aGk' },
      }),
    );
    expect(http.code).toBe('BAD_REQUEST');
    expect(said(http)).toContain(NOTIFICATION_TEXT.endpointHttps);
  });

  describe('without a confirmed address', () => {
    const D = DEFAULT_NOTIFICATION_SETTINGS;
    const allMailOff: NotificationSettings = {
      message: { ...D.message, email: false },
      review: { ...D.review, email: false },
      report: { ...D.report, email: false },
      announcement: { ...D.announcement, email: false },
      'saved-search': { ...D['saved-search'], email: false },
    };

    it('shows every e-mail switch off, refuses turning one on, keeps push choices, and has the defaults back once verified', async () => {
      const { caller: uma, user } = await api.signUp('Uma', { verified: false });
      expect(await uma.notifications.settings()).toEqual(allMailOff);

      const refused = await refusal(
        uma.notifications.updateSettings({
          ...allMailOff,
          review: { push: true, email: true },
        }),
      );
      expect([refused.code, said(refused)]).toEqual([
        'FORBIDDEN',
        NOTIFICATION_TEXT.verifyForAlerts,
      ]);
      expect(await uma.notifications.settings()).toEqual(allMailOff);

      const pushOff = { ...allMailOff, message: { push: false, email: false } };
      expect(await uma.notifications.updateSettings(pushOff)).toEqual(pushOff);
      expect(await uma.notifications.settings()).toEqual(pushOff);

      const token = await api.mail.tokenFor(user.email, '/verify-email');
      await (await api.as()).caller.auth.verifyEmail({ token });
      // What they chose stays; the e-mail switches they could not choose are the defaults.
      expect(await uma.notifications.settings()).toEqual({
        ...DEFAULT_NOTIFICATION_SETTINGS,
        message: { push: false, email: true },
      });
    });

    it('refuses a push subscription, and mails nothing but the verification link', async () => {
      const { caller: uma, user } = await api.signUp('Ula', { verified: false });
      const refused = await refusal(
        uma.notifications.subscribePush({
          endpoint: 'https://push.example.com/ula',
          keys: { p256dh: 'BPk', auth: 'aGk' },
        }),
      );
      expect([refused.code, said(refused)]).toEqual([
        'FORBIDDEN',
        NOTIFICATION_TEXT.verifyForAlerts,
      ]);

      // A review of them would be mailed to a confirmed address (decision 073's defaults).
      const reviewer = await api.signUp('Rex');
      await reviewer.caller.reviews.create({ revieweeId: user.id, rating: 4, comment: 'Kind' });
      while ((await runOutboxBatch(api.deps)).claimed > 0);
      expect((await uma.notifications.list()).items.map((n) => n.kind)).toEqual(['review']);
      const mailed = api.mail.sent.filter((m) => m.to === user.email);
      expect(mailed).toHaveLength(1);
      expect(mailed[0]?.text).toContain('/verify-email?token=');
      expect(mailed[0]?.headers?.['List-Unsubscribe']).toBeUndefined();
    });
  });
});
