import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { REPORT_STATUSES, UI_TEXT, encodeListingCursor } from '@yardsale/validators';
import type { AdminReportsInput, ReportFilter } from '@yardsale/validators';

import { describeError } from '../errors';
import { createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const { reports } = schema;

const TOTAL = 75;
const BASE = Date.parse('2026-03-02T09:00:00.000Z');

describe.each(testDatabaseKinds())('the admin pages through reports on %s', (kind) => {
  let api: TestApi;
  let admin: Awaited<ReturnType<TestApi['signUpAdmin']>>;
  /** Every report filed, as the admin should see them: newest first, ties broken by id. */
  let filed: { id: number; status: string; createdAt: Date }[] = [];

  beforeAll(async () => {
    api = await createTestApi(kind, {
      rateLimits: { registerByClient: { points: 1000, durationSeconds: 60 } },
    });
    admin = await api.signUpAdmin('Ada');
    type Person = Awaited<ReturnType<TestApi['signUp']>>;
    const reporters: Person[] = [];
    for (const n of [1, 2, 3, 4]) reporters.push(await api.signUp(`Reporter${n}`));
    const reported: Person[] = [];
    for (const n of [1, 2, 3, 4, 5]) reported.push(await api.signUp(`Seller${n}`));
    // Written directly so that three reports share each instant (the id must break the tie) and
    // the four statuses take turns; a pending report needs a reporter and user pair of its own.
    const rows = Array.from({ length: TOTAL }, (_, i) => {
      const k = Math.floor(i / 4);
      const reporter = reporters[k % 4];
      const target = reported[Math.floor(k / 4) % 5];
      if (!reporter || !target) throw new Error('no such person');
      return {
        reporterId: reporter.user.id,
        reportedUserId: target.user.id,
        category: 'other' as const,
        description: `Report number ${i + 1} about a neighbour.`,
        status: REPORT_STATUSES[i % 4],
        createdAt: new Date(BASE + Math.floor(i / 3) * 60_000),
      };
    });
    const inserted = await api.deps.db
      .insert(reports)
      .values(rows)
      .returning({ id: reports.id, status: reports.status, createdAt: reports.createdAt });
    filed = inserted.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  });
  afterAll(async () => {
    await api.close();
  });

  async function everyPage(input: Partial<AdminReportsInput>, between?: () => Promise<void>) {
    const seen: number[] = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    let counts;
    do {
      const page = await admin.caller.admin.reports({ ...input, cursor });
      seen.push(...page.items.map((r) => r.id));
      pageSizes.push(page.items.length);
      counts = page.counts;
      cursor = page.nextCursor;
      if (between) await between();
    } while (cursor !== null);
    return { seen, pageSizes, counts };
  }

  it('pages through all 75 with 25 a page, newest first, each exactly once, with every count', async () => {
    const { seen, pageSizes, counts } = await everyPage({ limit: 25 });
    expect(pageSizes).toEqual([25, 25, 25]);
    expect(seen).toEqual(filed.map((r) => r.id));
    expect(new Set(seen).size).toBe(TOTAL);
    expect(counts).toEqual({ all: 75, pending: 19, reviewed: 19, resolved: 19, dismissed: 18 });
  });

  it('pages through one status at a time, the filter applied before the page is cut', async () => {
    for (const status of REPORT_STATUSES) {
      const { seen, pageSizes } = await everyPage({ status, limit: 5 });
      const expected = filed.filter((r) => r.status === status).map((r) => r.id);
      expect(seen, status).toEqual(expected);
      expect(pageSizes.slice(0, -1).every((n) => n === 5)).toBe(true);
    }
  });

  it('answers 25 by default and the first page of all without any input', async () => {
    const page = await admin.caller.admin.reports();
    expect(page.items.map((r) => r.id)).toEqual(filed.slice(0, 25).map((r) => r.id));
    expect(page.nextCursor).not.toBeNull();
    const all: ReportFilter = 'all';
    expect((await admin.caller.admin.reports({ status: all })).items).toHaveLength(25);
  });

  it('neither repeats nor skips a report when one is filed or moved between pages', async () => {
    const reporter = await api.signUp('Late');
    const target = await api.signUp('Target');
    let added = false;
    const { seen } = await everyPage({ status: 'all', limit: 25 }, async () => {
      if (added) return;
      added = true;
      // Newer than every page: it belongs before the first, which the admin has already read.
      await api.deps.db.insert(reports).values({
        reporterId: reporter.user.id,
        reportedUserId: target.user.id,
        category: 'scammer',
        description: 'Filed while the admin was reading.',
      });
    });
    expect(seen).toEqual(filed.map((r) => r.id));
    // The next first page shows it, and the count follows.
    const first = await admin.caller.admin.reports({ limit: 25 });
    expect(first.items[0]?.description).toBe('Filed while the admin was reading.');
    expect(first.counts.all).toBe(TOTAL + 1);
    expect(first.counts.pending).toBe(20);
  });

  it.each([
    ['nonsense', 'not a cursor!'],
    ['padding', 'MjAyNi0wMy0wMlQwOTowMDowMC4wMDBafDE=='],
    ['an id past 2^31', Buffer.from('2026-03-02T09:00:00.000Z|2147483648').toString('base64url')],
    ['an impossible day', Buffer.from('2026-02-30T09:00:00.000Z|1').toString('base64url')],
    [
      "a listing page's cursor",
      encodeListingCursor({ createdAt: new Date(BASE), id: 1, fuzzy: false }),
    ],
    ['nothing', ''],
  ])('refuses a cursor that is %s with BAD_REQUEST and a clear message', async (_name, cursor) => {
    const refused = await refusal(admin.caller.admin.reports({ cursor }));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(describeError(refused, api.logger).message).toBe(UI_TEXT.request.invalidCursor);
  });

  it('refuses a page larger than 100 and an unknown status', async () => {
    expect((await refusal(admin.caller.admin.reports({ limit: 101 }))).code).toBe('BAD_REQUEST');
    expect((await admin.caller.admin.reports({ limit: 100 })).items.length).toBeGreaterThan(75);
    expect(
      (await refusal(admin.caller.admin.reports({ status: 'open' as unknown as ReportFilter })))
        .code,
    ).toBe('BAD_REQUEST');
  });
});
