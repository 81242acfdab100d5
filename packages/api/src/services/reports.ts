import { TRPCError } from '@trpc/server';
import { aliasedTable, and, desc, eq, getTableColumns } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';
import { MESSAGES, REPORT_TRANSITIONS } from '@yardsale/validators';
import type {
  AdminReport,
  ReportCategory,
  ReportOutput,
  ReportStatus,
  SessionUser,
} from '@yardsale/validators';

import { findPerson, listingOf } from './reviews';
import type { ApiServices } from './types';
import { isUniqueViolation } from './users';

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
  services: ApiServices,
  reporter: SessionUser,
  input: {
    reportedUserId: number;
    listingId?: number | null;
    category: ReportCategory;
    description: string;
  },
): Promise<ReportOutput> {
  if (input.reportedUserId === reporter.id) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.report.notYourself });
  }
  if (!(await findPerson(services, input.reportedUserId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.users.notFoundTitle });
  }
  const listingId = input.listingId ?? null;
  if (listingId !== null && !(await listingOf(services, listingId, input.reportedUserId))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.report.listingNotTheirs });
  }
  try {
    // The partial unique index allows one pending report per reporter, user and listing, even under races.
    const [row] = await services.db
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
  } catch (err) {
    if (isUniqueViolation(err))
      throw new TRPCError({ code: 'CONFLICT', message: MESSAGES.report.duplicatePending });
    throw err;
  }
}

export function reportsBy(services: ApiServices, reporterId: number): Promise<ReportOutput[]> {
  return services.db
    .select(reporterColumns)
    .from(reports)
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id));
}

export async function adminReports(
  services: ApiServices,
  filter: { status?: ReportStatus; id?: number } = {},
): Promise<AdminReport[]> {
  const reporter = aliasedTable(users, 'reporter');
  const reported = aliasedTable(users, 'reported');
  const party = (t: typeof reporter) => ({
    id: t.id,
    email: t.email,
    firstName: t.firstName,
    lastName: t.lastName,
  });
  const rows = await services.db
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
    .where(
      and(
        filter.status ? eq(reports.status, filter.status) : undefined,
        filter.id ? eq(reports.id, filter.id) : undefined,
      ),
    )
    .orderBy(desc(reports.createdAt), desc(reports.id));
  return rows.map((r) => ({
    ...r.report,
    listing: r.listing?.id ? { id: r.listing.id, title: r.listing.title } : null,
    reporter: r.reporter,
    reportedUser: r.reportedUser,
  }));
}

/**
 * Moves a report along the allowed transitions (or keeps its status to change only the notes). The
 * update is conditional on the status read, so two admins acting at once cannot skip a step.
 */
export async function updateReport(
  services: ApiServices,
  input: { id: number; status: ReportStatus; adminNotes: string | null },
): Promise<AdminReport> {
  const [current] = await services.db
    .select({ status: reports.status })
    .from(reports)
    .where(eq(reports.id, input.id));
  if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.report.notFound });
  const allowed =
    input.status === current.status || REPORT_TRANSITIONS[current.status].includes(input.status);
  if (!allowed) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: MESSAGES.report.transitionRefused(current.status, input.status),
    });
  }
  const updated = await services.db
    .update(reports)
    .set({ status: input.status, adminNotes: input.adminNotes, updatedAt: services.now() })
    .where(and(eq(reports.id, input.id), eq(reports.status, current.status)))
    .returning({ id: reports.id });
  if (updated.length === 0) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: MESSAGES.report.transitionRefused('changed', input.status),
    });
  }
  const [row] = await adminReports(services, { id: input.id });
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGES.report.notFound });
  return row;
}
