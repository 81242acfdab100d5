import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { RouterOutputs } from '@yardsale/api';
import { Button, Dialog, DialogContent, DialogTitle, Spinner, cn } from '@yardsale/ui';
import type { LucideIcon } from 'lucide-react';
import {
  BellIcon,
  CheckCheckIcon,
  FlagIcon,
  MegaphoneIcon,
  MessageCircleIcon,
  SearchIcon,
  StarIcon,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';

import { serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { formatRelative } from '../../lib/relative-time';
import { useTRPC } from '../../lib/trpc';
import { BELL_TEXTS } from './bell-texts';

type Entry = RouterOutputs['notifications']['list']['items'][number];

const KIND_ICONS: Readonly<Record<Entry['kind'], LucideIcon>> = {
  message: MessageCircleIcon,
  review: StarIcon,
  report: FlagIcon,
  announcement: MegaphoneIcon,
  'saved-search': SearchIcon,
};

const entryClasses = cn(
  'flex w-full cursor-pointer gap-3 px-4 py-3 text-left transition-colors sm:px-5',
  'hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset',
);

const footerLinkClasses = cn(
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-semibold text-primary transition-colors',
  'hover:bg-accent hover:text-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
);

/**
 * The bell's list, loaded on first use (see notification-bell.tsx): the newest entries, each
 * opening what it is about and marking itself read. Closing puts focus back on the bell.
 */
export default function NotificationPanel({
  open,
  onOpenChange,
  unread: unreadCount,
  bellButton,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell's live count: when it changes, so has the list. */
  unread: number;
  bellButton: RefObject<HTMLButtonElement | null>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery({ ...trpc.notifications.list.queryOptions(), enabled: open });
  useEffect(() => {
    void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
  }, [unreadCount, queryClient, trpc]);
  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSettled: () => queryClient.invalidateQueries(trpc.notifications.list.pathFilter()),
    }),
  );
  const close = () => onOpenChange(false);
  const panel = useRef<HTMLDivElement>(null);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={panel}
        layout="panel"
        aria-describedby={undefined}
        // The panel itself takes focus, so its title is read first and Enter does not mark
        // everything read by accident; Tab goes on to the entries.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          panel.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          bellButton.current?.focus();
        }}
      >
        <div className="flex items-center gap-3 border-b py-3 pr-14 pl-4 sm:pl-5">
          <DialogTitle className="text-lg">{BELL_TEXTS.title}</DialogTitle>
          {unreadCount > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto"
              loading={markRead.isPending && markRead.variables.ids === undefined}
              onClick={() => markRead.mutate({})}
            >
              <CheckCheckIcon aria-hidden="true" />
              {BELL_TEXTS.markAllRead}
            </Button>
          ) : null}
        </div>

        <div className="min-h-0 flex-1 overflow-y-auto">
          {list.data ? (
            list.data.items.length === 0 ? (
              <div className="flex flex-col items-center px-6 py-10 text-center">
                <span
                  aria-hidden="true"
                  className="mb-3 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600"
                >
                  <BellIcon className="size-6" />
                </span>
                <p className="font-display font-semibold">{BELL_TEXTS.emptyTitle}</p>
                <p className="mt-1 max-w-xs text-sm text-muted-foreground">
                  {BELL_TEXTS.emptyDescription}
                </p>
              </div>
            ) : (
              <ul aria-label={BELL_TEXTS.title} className="divide-y">
                {list.data.items.map((entry) => (
                  <li key={entry.id}>
                    <EntryLink
                      entry={entry}
                      onOpen={() => {
                        if (entry.readAt === null) markRead.mutate({ ids: [entry.id] });
                        close();
                      }}
                    >
                      <EntryContent entry={entry} />
                    </EntryLink>
                  </li>
                ))}
              </ul>
            )
          ) : list.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
              <p className="text-sm text-muted-foreground">
                {serverMessage(list.error) ?? BELL_TEXTS.loadFailed}
              </p>
              <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                {BELL_TEXTS.retry}
              </Button>
            </div>
          ) : (
            <div role="status" className="flex items-center justify-center gap-2 px-6 py-10">
              <Spinner />
              <span className="text-sm text-muted-foreground">{BELL_TEXTS.loading}</span>
            </div>
          )}
        </div>

        <div className="flex flex-wrap items-center justify-between gap-2 border-t px-2 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-3 sm:pb-2">
          <Link to="/saved-searches" className={footerLinkClasses} onClick={close}>
            {BELL_TEXTS.savedSearches}
          </Link>
          <Link to="/settings" className={footerLinkClasses} onClick={close}>
            {BELL_TEXTS.settings}
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Where an entry leads: its conversation, else its listing; an entry about neither only reads. */
function EntryLink({
  entry,
  onOpen,
  children,
}: {
  entry: Entry;
  onOpen: () => void;
  children: ReactNode;
}) {
  if (entry.conversationId !== null) {
    return (
      <Link
        to="/messages"
        search={{ conversation: entry.conversationId }}
        className={entryClasses}
        onClick={onOpen}
      >
        {children}
      </Link>
    );
  }
  if (entry.listingId !== null) {
    return (
      <Link
        to="/listing/$id"
        params={{ id: String(entry.listingId) }}
        className={entryClasses}
        onClick={onOpen}
      >
        {children}
      </Link>
    );
  }
  return (
    <button type="button" className={entryClasses} onClick={onOpen}>
      {children}
    </button>
  );
}

function EntryContent({ entry }: { entry: Entry }) {
  const Icon = KIND_ICONS[entry.kind];
  const isUnread = entry.readAt === null;
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
          isUnread ? 'bg-brand-100 text-brand-700' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon className="size-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span
          className={cn(
            'text-sm leading-snug wrap-anywhere',
            isUnread ? 'font-semibold text-foreground' : 'font-medium text-foreground/85',
          )}
        >
          {isUnread ? <span className="sr-only">{BELL_TEXTS.unread}: </span> : null}
          {entry.title}
        </span>
        {entry.body ? (
          <span className="line-clamp-2 text-sm wrap-anywhere text-muted-foreground">
            {entry.body}
          </span>
        ) : null}
        <time
          dateTime={entry.createdAt.toISOString()}
          title={formatDate(entry.createdAt, {
            zone: 'local',
            month: 'short',
            year: true,
            time: true,
          })}
          className="text-xs text-muted-foreground"
        >
          {formatRelative(entry.createdAt)}
        </time>
      </span>
      {isUnread ? (
        <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-blue-600" />
      ) : null}
    </>
  );
}
