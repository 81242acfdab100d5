import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, EmptyState, Skeleton, cn, toast } from '@yardsale/ui';
import { UI_TEXT, REPORT_STATUSES } from '@yardsale/validators';
import type { AdminReport, ReportStatus } from '@yardsale/validators';
import { FlagIcon, RefreshCwIcon } from 'lucide-react';

import { useSessionUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { refusalMessage } from './admin-errors';
import { ReportCard } from './report-card';
import { REPORT_STATUS_LABELS } from './report-status';

const EMPTY_TEXT: Readonly<Record<ReportStatus | 'all', string>> = {
  all: 'No one has reported anything yet. Reports from members will appear here.',
  pending: 'Nothing is waiting for review.',
  reviewed: 'No reports are being looked into right now.',
  resolved: 'No reports have been resolved yet.',
  dismissed: 'No reports have been dismissed.',
};

function StatusFilter({
  reports,
  status,
}: {
  reports: readonly AdminReport[];
  status: ReportStatus | undefined;
}) {
  const options = [
    { value: undefined, label: 'All', count: reports.length },
    ...REPORT_STATUSES.map((value) => ({
      value,
      label: REPORT_STATUS_LABELS[value],
      count: reports.filter((report) => report.status === value).length,
    })),
  ];
  return (
    <nav aria-label="Filter reports by status">
      {/* Wraps into two even rows on phones rather than hiding statuses off-screen. */}
      <ul className="flex flex-wrap gap-1 rounded-xl bg-muted p-1 sm:w-max">
        {options.map((option) => {
          const active = option.value === status;
          return (
            <li key={option.label} className="grow sm:grow-0">
              <Link
                to="/admin"
                search={option.value ? { status: option.value } : {}}
                replace
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-9 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors',
                  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  active
                    ? 'bg-card text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {option.label}
                <span
                  className={cn(
                    'rounded-full px-1.5 text-xs leading-5 tabular-nums',
                    active ? 'bg-brand-100 text-brand-800' : 'bg-card/70',
                  )}
                >
                  {option.count}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Every report, newest first, filtered on the page so each status shows its count. */
export function ReportList({ status }: { status: ReportStatus | undefined }) {
  const trpc = useTRPC();
  // Only an admin may ask; the server refuses anyone else whatever the client does.
  const isAdmin = useSessionUser()?.role === 'admin';
  const queryClient = useQueryClient();
  const reportsQuery = trpc.admin.reports.queryOptions({});
  const {
    data: reports,
    isPending,
    isError,
    refetch,
    isRefetching,
  } = useQuery({
    ...reportsQuery,
    enabled: isAdmin,
  });

  const update = useMutation(
    trpc.admin.updateReport.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(reportsQuery.queryKey, (current) =>
          current?.map((report) => (report.id === updated.id ? updated : report)),
        );
        toast({ variant: 'success', title: UI_TEXT.report.updatedTitle });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: UI_TEXT.report.updateFailedTitle,
          description: refusalMessage(error, UI_TEXT.report.updateFailedFallback),
        });
        // Another admin may have moved it meanwhile: show where it stands now.
        void queryClient.invalidateQueries(trpc.admin.reports.pathFilter());
      },
    }),
  );

  if (isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading reports">
        <Skeleton className="h-11 w-full max-w-md rounded-xl!" />
        <Skeleton className="h-56 w-full rounded-2xl!" />
        <Skeleton className="h-56 w-full rounded-2xl!" />
      </div>
    );
  }

  if (isError) {
    return (
      <EmptyState
        role="alert"
        icon={<FlagIcon />}
        titleAs="h3"
        title="We couldn't load the reports"
        description="Check your connection and try again."
        action={
          <Button variant="outline" loading={isRefetching} onClick={() => void refetch()}>
            <RefreshCwIcon aria-hidden="true" />
            Try again
          </Button>
        }
      />
    );
  }

  const shown = status ? reports.filter((report) => report.status === status) : reports;
  const saving = update.isPending ? update.variables : null;

  return (
    <div className="grid gap-4">
      <StatusFilter reports={reports} status={status} />
      {shown.length === 0 ? (
        <EmptyState
          icon={<FlagIcon />}
          titleAs="h3"
          title={status ? `No ${REPORT_STATUS_LABELS[status].toLowerCase()} reports` : 'No reports'}
          description={EMPTY_TEXT[status ?? 'all']}
        />
      ) : (
        <ul aria-label="Reports" className="grid gap-4">
          {shown.map((report) => (
            <li key={`${report.id}-${report.updatedAt.getTime()}`}>
              <ReportCard
                report={report}
                pendingStatus={saving?.id === report.id ? saving.status : null}
                onUpdate={(next, adminNotes) =>
                  update.mutate({ id: report.id, status: next, adminNotes })
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
