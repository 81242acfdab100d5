import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { UI_TEXT, REPORT_STATUSES, REPORT_TRANSITIONS } from '@yardsale/validators';
import type { ReportStatus } from '@yardsale/validators';

import { describeError } from '../errors';
import { item, trustRateLimits } from '../../test/trust-testing';
import { adminOnFirstUse, createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const { reports } = schema;

describe.each(testDatabaseKinds())('reviews, reports and the admin on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind, { rateLimits: trustRateLimits });
  });
  /** The sentence a client is shown for a refusal (schema refusals give their first field message). */
  const said = (err: Parameters<typeof describeError>[0]) => describeError(err, api.logger).message;
  afterAll(async () => {
    await api.close();
  });

  const theAdmin = adminOnFirstUse(() => api);

  describe('reports', () => {
    it("files a report; its reporter sees it without the team's notes", async () => {
      const seller = await api.signUp('Sam');
      const reporter = await api.signUp('Rae');
      const { id: listingId } = await seller.caller.listings.create(item());
      const report = await reporter.caller.reports.create({
        reportedUserId: seller.user.id,
        listingId,
        category: 'fake_listing',
        description: '  The photos are from a catalogue.  ',
      });
      expect(report).toMatchObject({
        status: 'pending',
        category: 'fake_listing',
        description: 'The photos are from a catalogue.',
        listingId,
      });
      const mine = await reporter.caller.reports.mine();
      expect(mine.map((r) => r.id)).toEqual([report.id]);
      expect(mine[0]).not.toHaveProperty('adminNotes');
      expect(await seller.caller.reports.mine()).toEqual([]);
    });

    it('refuses reports about oneself, unknown users, listings that are not theirs, and a second pending one', async () => {
      const seller = await api.signUp('Sam');
      const reporter = await api.signUp('Rae');
      const other = await api.signUp('Oz');
      const { id: listingId } = await seller.caller.listings.create(item());
      const { id: othersListing } = await other.caller.listings.create(item());
      const report = {
        reportedUserId: seller.user.id,
        listingId,
        category: 'scammer' as const,
        description: 'Asked me to pay in advance by wire.',
      };

      const self = await refusal(seller.caller.reports.create({ ...report }));
      expect([self.code, self.message]).toEqual(['BAD_REQUEST', UI_TEXT.report.notYourself]);
      expect(
        (await refusal(reporter.caller.reports.create({ ...report, reportedUserId: 9_999_999 })))
          .code,
      ).toBe('NOT_FOUND');
      const notTheirs = await refusal(
        reporter.caller.reports.create({ ...report, listingId: othersListing }),
      );
      expect([notTheirs.code, notTheirs.message]).toEqual([
        'BAD_REQUEST',
        UI_TEXT.report.listingNotTheirs,
      ]);
      const short = await refusal(
        reporter.caller.reports.create({ ...report, description: 'too short' }),
      );
      expect(said(short)).toBe(UI_TEXT.report.descriptionLength);

      const first = await reporter.caller.reports.create(report);
      const second = await refusal(
        reporter.caller.reports.create({ ...report, category: 'harassment' }),
      );
      expect([second.code, second.message]).toEqual(['CONFLICT', UI_TEXT.report.duplicatePending]);
      // About the user without a listing is a different report; so is someone else's report.
      await reporter.caller.reports.create({ ...report, listingId: null });
      await other.caller.reports.create(report);

      // Once the team has dealt with the first, the same report can be filed again.
      await (await theAdmin()).caller.admin.updateReport({ id: first.id, status: 'dismissed' });
      await reporter.caller.reports.create(report);

      const rows = await api.deps.db
        .select({ id: reports.id })
        .from(reports)
        .where(eq(reports.reporterId, reporter.user.id));
      expect(rows).toHaveLength(3);
    });

    it('lists reports for the admin with the listing title and both e-mails', async () => {
      const seller = await api.signUp('Sam');
      const reporter = await api.signUp('Rae');
      const { id: listingId } = await seller.caller.listings.create(
        item({ title: 'Suspicious stereo' }),
      );
      const report = await reporter.caller.reports.create({
        reportedUserId: seller.user.id,
        listingId,
        category: 'other',
        description: 'Seller never turned up twice.',
      });
      const { items: all } = await (await theAdmin()).caller.admin.reports();
      const found = all.find((r) => r.id === report.id);
      expect(found).toMatchObject({
        listing: { id: listingId, title: 'Suspicious stereo' },
        reporter: { email: reporter.user.email },
        reportedUser: { email: seller.user.email },
        adminNotes: null,
        status: 'pending',
      });
      const { items: pending } = await (
        await theAdmin()
      ).caller.admin.reports({
        status: 'pending',
      });
      expect(pending.every((r) => r.status === 'pending')).toBe(true);
      expect(pending.some((r) => r.id === report.id)).toBe(true);
    });

    it('moves a report only along pending -> reviewed | dismissed, reviewed -> resolved', async () => {
      const { caller: adminCaller } = await theAdmin();
      const seller = await api.signUp('Sam');
      const reporter = await api.signUp('Rae');
      let n = 0;
      /** A fresh report brought to `status` along allowed moves. */
      async function reportIn(status: ReportStatus) {
        n += 1;
        const { id: listingId } = await seller.caller.listings.create(item({ title: `Lot ${n}` }));
        const { id } = await reporter.caller.reports.create({
          reportedUserId: seller.user.id,
          listingId,
          category: 'other',
          description: 'Something is off with this one.',
        });
        const path: Record<ReportStatus, ReportStatus[]> = {
          pending: [],
          reviewed: ['reviewed'],
          resolved: ['reviewed', 'resolved'],
          dismissed: ['dismissed'],
        };
        for (const step of path[status]) await adminCaller.admin.updateReport({ id, status: step });
        return id;
      }

      for (const from of REPORT_STATUSES) {
        for (const to of REPORT_STATUSES) {
          const id = await reportIn(from);
          const attempt = adminCaller.admin.updateReport({
            id,
            status: to,
            adminNotes: `${from} to ${to}`,
          });
          const [row] = await (async () => {
            if (from === to || REPORT_TRANSITIONS[from].includes(to)) {
              const updated = await attempt;
              expect([updated.status, updated.adminNotes]).toEqual([to, `${from} to ${to}`]);
            } else {
              const refused = await refusal(attempt);
              expect([refused.code, refused.message], `${from} -> ${to}`).toEqual([
                'CONFLICT',
                UI_TEXT.report.transitionRefused(from, to),
              ]);
            }
            return api.deps.db
              .select({ status: reports.status })
              .from(reports)
              .where(eq(reports.id, id));
          })();
          const expected = from === to || REPORT_TRANSITIONS[from].includes(to) ? to : from;
          expect(row?.status, `${from} -> ${to}`).toBe(expected);
        }
      }
      expect(
        (await refusal(adminCaller.admin.updateReport({ id: 9_999_999, status: 'reviewed' }))).code,
      ).toBe('NOT_FOUND');
    });
  });
});
