import { Link } from '@tanstack/react-router';
import { Badge, Button, FormField, Textarea, cn } from '@yardsale/ui';
import { DELETED_USER, REPORT_CATEGORY_LABELS } from '@yardsale/validators';
import type { AdminReport, ReportStatus } from '@yardsale/validators';
import { useState } from 'react';

import {
  REPORT_STATUS_CLASSES,
  REPORT_STATUS_LABELS,
  isReportOpen,
  reportActions,
} from './report-status';
import { formatDate } from '../../lib/format';

const NOTES_MAX_LENGTH = 2000;

function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return (
    <Badge variant="plain" className={REPORT_STATUS_CLASSES[status]}>
      {REPORT_STATUS_LABELS[status]}
    </Badge>
  );
}

type Party = AdminReport['reporter'];

function PartyDetail({ term, party }: { term: string; party: Party }) {
  // A deleted account keeps its reports but has no page and no address (decision 068).
  if (party.deleted) {
    return (
      <div className="min-w-0">
        <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {term}
        </dt>
        <dd className="mt-0.5 min-w-0 font-medium text-muted-foreground italic">
          {DELETED_USER.displayName}
        </dd>
      </div>
    );
  }
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd className="mt-0.5 min-w-0 wrap-anywhere">
        <Link
          to="/users/$userId"
          params={{ userId: String(party.id) }}
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          {`${party.firstName} ${party.lastName}`.trim()}
        </Link>
        <a
          href={`mailto:${party.email}`}
          className="block truncate text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
        >
          {party.email}
        </a>
      </dd>
    </div>
  );
}

/**
 * One report: what was reported and by whom, the team's notes, and the status moves it allows.
 * The parent keys it by its last update, so the notes field starts from the saved notes again.
 */
export function ReportCard({
  report,
  pendingStatus,
  onUpdate,
}: {
  report: AdminReport;
  /** The status being saved for this report, while a save is in flight. */
  pendingStatus: ReportStatus | null;
  onUpdate: (status: ReportStatus, adminNotes: string) => void;
}) {
  const [notes, setNotes] = useState(report.adminNotes ?? '');
  const open = isReportOpen(report.status);
  const notesChanged = notes.trim() !== (report.adminNotes ?? '');
  const busy = pendingStatus !== null;
  const titleId = `report-${report.id}-title`;
  const notesId = `report-${report.id}-notes`;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'rounded-2xl border bg-card p-4 shadow-xs sm:p-5',
        report.status === 'pending' && 'border-amber-300',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="font-display text-lg font-semibold tracking-tight">
              {REPORT_CATEGORY_LABELS[report.category]}
            </h3>
            <ReportStatusBadge status={report.status} />
          </div>
          <p className="text-sm text-muted-foreground">
            Report #{report.id} · filed{' '}
            <time dateTime={report.createdAt.toISOString()}>
              {formatDate(report.createdAt, {
                zone: 'local',
                month: 'short',
                year: true,
                time: true,
              })}
            </time>
          </p>
        </div>
      </header>

      <blockquote className="mt-3 rounded-lg bg-muted/60 px-3 py-2.5 text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-foreground">
        {report.description}
      </blockquote>

      <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            Listing
          </dt>
          <dd className="mt-0.5 min-w-0">
            {report.listing ? (
              <Link
                to="/listing/$id"
                params={{ id: String(report.listing.id) }}
                className="font-medium wrap-anywhere text-primary underline-offset-4 hover:underline"
              >
                {report.listing.title}
              </Link>
            ) : (
              <span className="text-sm text-muted-foreground">
                No listing (removed or not named)
              </span>
            )}
          </dd>
        </div>
        <PartyDetail term="Reported user" party={report.reportedUser} />
        <PartyDetail term="Reported by" party={report.reporter} />
      </dl>

      <div className="mt-4 border-t pt-4">
        {open ? (
          <FormField id={notesId} label="Admin notes">
            <Textarea
              rows={2}
              className="min-h-16!"
              maxLength={NOTES_MAX_LENGTH}
              value={notes}
              disabled={busy}
              placeholder="What you checked or decided, for the team's record"
              onChange={(event) => setNotes(event.target.value)}
            />
          </FormField>
        ) : (
          <div>
            <p className="text-sm font-medium">Admin notes</p>
            <p className="mt-1 text-sm whitespace-pre-line wrap-anywhere text-muted-foreground">
              {report.adminNotes ?? 'No notes.'}
            </p>
          </div>
        )}

        {open ? (
          <div className="mt-3 flex flex-wrap gap-2 sm:justify-end">
            {notesChanged ? (
              <Button
                variant="ghost"
                size="sm"
                loading={pendingStatus === report.status}
                disabled={busy}
                onClick={() => onUpdate(report.status, notes)}
              >
                Save notes
              </Button>
            ) : null}
            {reportActions(report.status).map((action) => (
              <Button
                key={action.status}
                size="sm"
                variant={action.secondary ? 'outline' : 'default'}
                loading={pendingStatus === action.status}
                disabled={busy}
                onClick={() => onUpdate(action.status, notes)}
              >
                {action.label}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    </article>
  );
}
