import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, EmptyState, Skeleton, cn, toast } from '@yardsale/ui';
import { UI_TEXT, REPORT_STATUSES, REPORTS_PAGE_SIZE } from '@yardsale/validators';
import type { ReportCounts, ReportStatus } from '@yardsale/validators';
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
  counts,
  status,
}: {
  counts: ReportCounts | undefined;
  status: ReportStatus | undefined;
}) {
  const options = [
    { value: undefined, label: 'All', count: counts?.all },
    ...REPORT_STATUSES.map((value) => ({
      value,
      label: REPORT_STATUS_LABELS[value],
      count: counts?.[value],
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
                  {option.count ?? '…'}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The selected tab's reports, newest first, a page at a time from the server (which also counts
 * every tab). Moving a report updates its card at once, then reloads the pages read and the counts.
 */
export function ReportList({ status }: { status: ReportStatus | undefined }) {
  const trpc = useTRPC();
  // Only an admin may ask; the server refuses anyone else whatever the client does.
  const isAdmin = useSessionUser()?.role === 'admin';
  const queryClient = useQueryClient();
  const reportsQuery = trpc.admin.reports.infiniteQueryOptions(
    { status: status ?? 'all', limit: REPORTS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor },
  );
  const {
    data,
    isPending,
    isLoadingError,
    isPlaceholderData,
    refetch,
    isRefetching,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useInfiniteQuery({
    ...reportsQuery,
    enabled: isAdmin,
    // Another tab's list stays (dimmed) while this one loads, so the tabs do not jump.
    placeholderData: keepPreviousData,
  });

  const update = useMutation(
    trpc.admin.updateReport.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(reportsQuery.queryKey, (current) =>
          current
            ? {
                ...current,
                pages: current.pages.map((page) => ({
                  ...page,
                  items: page.items.map((report) => (report.id === updated.id ? updated : report)),
                })),
              }
            : current,
        );
        toast({ variant: 'success', title: UI_TEXT.report.updatedTitle });
        // The counts, and the tab the report left or joined, come from the server.
        void queryClient.invalidateQueries(trpc.admin.reports.pathFilter());
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

  // Only a first page that failed replaces the list; a later page's failure is told below it.
  if (isLoadingError) {
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

  const shown = data.pages.flatMap((page) => page.items);
  // The newest page read carries the newest counts.
  const counts = data.pages.at(-1)?.counts;
  const total = counts?.[status ?? 'all'] ?? shown.length;
  const saving = update.isPending ? update.variables : null;

  return (
    <div className="grid gap-4">
      <StatusFilter counts={counts} status={status} />
      {shown.length === 0 ? (
        <EmptyState
          icon={<FlagIcon />}
          titleAs="h3"
          title={status ? `No ${REPORT_STATUS_LABELS[status].toLowerCase()} reports` : 'No reports'}
          description={EMPTY_TEXT[status ?? 'all']}
        />
      ) : (
        <>
          <ul
            aria-label="Reports"
            aria-busy={isPlaceholderData || undefined}
            className={cn('grid gap-4 transition-opacity', isPlaceholderData && 'opacity-60')}
          >
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
          <div className="flex flex-col items-center gap-3 pt-2 pb-4">
            <p role="status" className="text-sm text-muted-foreground tabular-nums">
              {isPlaceholderData ? '' : UI_TEXT.admin.reportsShown(shown.length, total)}
            </p>
            {isFetchNextPageError ? (
              <p role="alert" className="text-center text-sm text-destructive">
                {UI_TEXT.admin.loadMoreFailed}
              </p>
            ) : null}
            {hasNextPage && !isPlaceholderData ? (
              <Button
                variant="outline"
                className="w-full sm:w-auto"
                loading={isFetchingNextPage}
                onClick={() => {
                  if (!isFetchingNextPage) void fetchNextPage();
                }}
              >
                {isFetchingNextPage
                  ? UI_TEXT.admin.loadingMoreReports
                  : UI_TEXT.admin.loadMoreReports}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
