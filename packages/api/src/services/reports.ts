import { TRPCError } from '@trpc/server';
import { aliasedTable, and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import type { Executor } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import {
  DELETED_USER,
  NOTIFICATION_TEXT,
  UI_TEXT,
  REPORT_TRANSITIONS,
  decodeReportCursor,
  encodeReportCursor,
} from '@yardsale/validators';
import type {
  AdminReport,
  AdminReportPage,
  AdminReportsInput,
  ReportCategory,
  ReportCounts,
  ReportOutput,
  ReportStatus,
  SessionUser,
} from '@yardsale/validators';

import { lockLiveAccount } from './account-lock';
import { isUniqueViolation } from './db-errors';
import { findPerson, listingOf } from './reviews';
import { announceNotifications, recordNotifications } from './notifications';
import type { ServerDeps } from './types';

const { listings, reports, users } = schema;

const reporterColumns = {
  id: reports.id,
  reportedUserId: reports.reportedUserId,
  listingId: reports.listingId,
  category: reports.category,
  description: reports.description,
  status: reports.status,
  createdAt: reports.createdAt,
  updatedAt: reports.updatedAt,
};

export async function createReport(
  deps: ServerDeps,
  reporter: SessionUser,
  input: {
    reportedUserId: number;
    listingId?: number | null;
    category: ReportCategory;
    description: string;
  },
): Promise<ReportOutput> {
  if (input.reportedUserId === reporter.id) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.report.notYourself });
  }
  if (!(await findPerson(deps, input.reportedUserId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.users.notFoundTitle });
  }
  const listingId = input.listingId ?? null;
  if (listingId !== null && !(await listingOf(deps, listingId, input.reportedUserId))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.report.listingNotTheirs });
  }
  try {
    // The partial unique index allows one pending report per reporter, user and listing, even under races.
    return await deps.db.transaction(async (tx) => {
      // A report filed while its reporter's account is being deleted is refused, not left behind.
      await lockLiveAccount(tx, reporter.id);
      const [row] = await tx
        .insert(reports)
        .values({
          reporterId: reporter.id,
          reportedUserId: input.reportedUserId,
          listingId,
          category: input.category,
          description: input.description,
        })
        .returning(reporterColumns);
      if (!row) throw new Error('insert returned no row');
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new TRPCError({ code: 'CONFLICT', message: UI_TEXT.report.duplicatePending });
    throw err;
  }
}

export function reportsBy(deps: ServerDeps, reporterId: number): Promise<ReportOutput[]> {
  return deps.db
    .select(reporterColumns)
    .from(reports)
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id));
}

/** Reports with the listing title and both parties, newest first. */
async function selectAdminReports(
  deps: ServerDeps,
  where: SQL | undefined,
  limit?: number,
): Promise<AdminReport[]> {
  const reporter = aliasedTable(users, 'reporter');
  const reported = aliasedTable(users, 'reported');
  const party = (t: typeof reporter) => ({
    id: t.id,
    email: t.email,
    firstName: t.firstName,
    lastName: t.lastName,
    deleted: sql<boolean>`${t.deletedAt} is not null`,
  });
  const query = deps.db
    .select({
      report: getTableColumns(reports),
      listing: { id: listings.id, title: listings.title },
      reporter: party(reporter),
      reportedUser: party(reported),
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(reported, eq(reported.id, reports.reportedUserId))
    .leftJoin(listings, eq(listings.id, reports.listingId))
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((r) => ({
    ...r.report,
    listing: r.listing?.id ? { id: r.listing.id, title: r.listing.title } : null,
    reporter: r.reporter,
    reportedUser: r.reportedUser,
  }));
}

/** How many reports each status tab holds, from one grouped count. */
async function reportCounts(deps: ServerDeps): Promise<ReportCounts> {
  const rows = await deps.db
    .select({ status: reports.status, n: count() })
    .from(reports)
    .groupBy(reports.status);
  const counts: ReportCounts = { all: 0, pending: 0, reviewed: 0, resolved: 0, dismissed: 0 };
  for (const row of rows) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  return counts;
}

/**
 * A page of reports for the admin, newest first, in one status or all, with every tab's count.
 * The cursor is the last report's (created_at, id): reports filed meanwhile land before the first
 * page, so the pages after it neither repeat nor skip one.
 */
export async function adminReports(
  deps: ServerDeps,
  input: AdminReportsInput,
): Promise<AdminReportPage> {
  // The input schema already refused a cursor this server did not make.
  const cursor = input.cursor ? decodeReportCursor(input.cursor) : null;
  const [rows, counts] = await Promise.all([
    selectAdminReports(
      deps,
      and(
        input.status === 'all' ? undefined : eq(reports.status, input.status),
        cursor
          ? sql`(${reports.createdAt}, ${reports.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`
          : undefined,
      ),
      input.limit + 1,
    ),
    reportCounts(deps),
  ]);
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor:
      rows.length > input.limit && last
        ? encodeReportCursor({ createdAt: last.createdAt, id: last.id })
        : null,
    counts,
  };
}

/**
 * What a report is about, in the words its reporter reads: the listing while it is up, else the
 * person reported, as their name is shown in public (first name, last initial).
 */
async function reportSubject(
  db: Executor,
  report: { reportedUserId: number; listingId: number | null },
): Promise<string> {
  if (report.listingId !== null) {
    const [listing] = await db
      .select({ title: listings.title })
      .from(listings)
      .where(eq(listings.id, report.listingId));
    if (listing) return NOTIFICATION_TEXT.reportSubjectListing(listing.title);
  }
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, report.reportedUserId));
  // The reported account outlives its deletion as an empty row (decision 068).
  if (!person || person.deletedAt) return DELETED_USER.displayName;
  return NOTIFICATION_TEXT.reportSubjectPerson(person.firstName, person.lastName);
}

/**
 * Moves a report along the allowed transitions (or keeps its status to change only the notes). The
 * update is conditional on the status read, so two admins acting at once cannot skip a step.
 */
export async function updateReport(
  deps: ServerDeps,
  input: { id: number; status: ReportStatus; adminNotes: string | null },
): Promise<AdminReport> {
  const [current] = await deps.db
    .select({ status: reports.status })
    .from(reports)
    .where(eq(reports.id, input.id));
  if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.report.notFound });
  const allowed =
    input.status === current.status || REPORT_TRANSITIONS[current.status].includes(input.status);
  if (!allowed) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: UI_TEXT.report.transitionRefused(current.status, input.status),
    });
  }
  const updated = await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(reports)
      .set({ status: input.status, adminNotes: input.adminNotes, updatedAt: deps.now() })
      .where(and(eq(reports.id, input.id), eq(reports.status, current.status)))
      .returning({
        id: reports.id,
        reporterId: reports.reporterId,
        reportedUserId: reports.reportedUserId,
        listingId: reports.listingId,
      });
    const report = changed[0];
    // The person who filed it hears when its status moves (not of notes alone; decision 073).
    if (report && input.status !== current.status) {
      const subject = await reportSubject(tx, report);
      await recordNotifications(
        tx,
        [
          {
            userId: report.reporterId,
            kind: 'report',
            title: NOTIFICATION_TEXT.reportTitle,
            body: NOTIFICATION_TEXT.reportBody[input.status](subject),
            key: `report:${String(report.id)}:${input.status}`,
          },
        ],
        deps.now(),
      );
    }
    return changed;
  });
  const changedReport = updated[0];
  if (changedReport && input.status !== current.status)
    await announceNotifications(deps, [changedReport.reporterId]);
  if (updated.length === 0) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: UI_TEXT.report.transitionRefused('changed', input.status),
    });
  }
  const [row] = await selectAdminReports(deps, eq(reports.id, input.id));
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: UI_TEXT.report.notFound });
  return row;
}
