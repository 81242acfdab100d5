import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Button, EmptyState, Skeleton, cn } from '@yardsale/ui';
import { POLL_CONVERSATIONS_MS } from '@yardsale/validators';
import { MessagesSquareIcon, WifiOffIcon } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';

import { PageContainer, PageHeader } from '../../components/layout/page';
import {
  forgetClosedConversation,
  useClosedConversations,
  withClosedConversations,
} from '../../components/messages/closed-conversations';
import { useFallbackInterval, useLiveState } from '../../components/messages/conversation-live';
import { ConversationList } from '../../components/messages/conversation-list';
import { MessageThread } from '../../components/messages/message-thread';
import { MESSAGES_TEXTS } from '../../components/messages/messages-texts';
import { QuickGuidePanel, QuickGuideToggle } from '../../components/messages/quick-guide';
import { errorCode } from '../../lib/errors';
import { positiveInteger } from '../../lib/search-params';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

interface MessagesSearch {
  /** Preselects a conversation, e.g. right after "Message seller". */
  conversation?: number;
}

export const Route = createFileRoute('/_authenticated/messages')({
  validateSearch: (search): MessagesSearch => ({
    conversation: positiveInteger(search.conversation),
  }),
  head: () => ({ meta: [{ title: 'Messages · YardSale' }] }),
  component: MessagesPage,
});

function MessagesPage() {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const navigate = useNavigate({ from: Route.fullPath });
  const { conversation: requested } = Route.useSearch();
  const [selectedId, setSelectedId] = useState<number | null>(requested ?? null);
  const [handledRequest, setHandledRequest] = useState(requested);
  if (requested !== undefined && requested !== handledRequest) {
    setHandledRequest(requested);
    setSelectedId(requested);
  }
  const liveState = useLiveState();
  const [guideOpen, setGuideOpen] = useState(false);
  const guideId = useId();
  const refetchInterval = useFallbackInterval(POLL_CONVERSATIONS_MS);
  const list = useQuery({
    ...trpc.conversations.list.queryOptions(),
    refetchInterval,
    staleTime: 0,
  });

  // The link's conversation is opened once, then dropped from the address
  // (docs/product/screens.md#messages).
  useEffect(() => {
    if (requested === undefined) return;
    void navigate({ search: {}, replace: true });
  }, [requested, navigate]);

  // A failed refresh keeps the last list on screen; only a first load that fails says so.
  const closed = useClosedConversations();
  const conversations = useMemo(
    () => withClosedConversations(list.data ?? [], closed),
    [list.data, closed],
  );
  const selected = conversations.find((item) => item.id === selectedId) ?? null;
  // A fresh conversation may not be in a list fetched before it was started.
  const { refetch } = list;
  const waitingForSelected = selectedId !== null && !selected && list.isSuccess;
  useEffect(() => {
    if (waitingForSelected) void refetch();
  }, [waitingForSelected, refetch]);

  if (list.isError && errorCode(list.error) === 'UNAUTHORIZED') {
    return (
      <PageContainer>
        <h1 className="py-16 text-center font-display text-xl font-semibold">
          {MESSAGES_TEXTS.signedOut}
        </h1>
      </PageContainer>
    );
  }

  return (
    <PageContainer width="wide" className="flex flex-1 flex-col py-4! sm:py-6!">
      {/* On a phone the open thread takes the screen; the heading stays for screen readers. */}
      <div className={cn(selected && 'max-md:sr-only')}>
        <PageHeader
          title="Messages"
          description="Your conversations with buyers and sellers."
          actions={
            <QuickGuideToggle open={guideOpen} panelId={guideId} onOpenChange={setGuideOpen} />
          }
        />
      </div>
      <QuickGuidePanel open={guideOpen} id={guideId} onOpenChange={setGuideOpen} />
      {liveState === 'down' ? (
        <p
          role="status"
          className="mb-3 inline-flex items-center gap-2 self-start rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-600/25"
        >
          <WifiOffIcon aria-hidden="true" className="size-4" />
          {MESSAGES_TEXTS.reconnecting}
        </p>
      ) : null}

      <div
        className={cn(
          'grid grid-cols-[minmax(0,1fr)] overflow-hidden rounded-2xl border bg-card shadow-xs',
          'md:h-[calc(100dvh-15rem)] md:min-h-[26rem] md:grid-cols-[22rem_minmax(0,1fr)]',
          // On a phone the list is as tall as its conversations; an open thread fills the screen.
          selected && 'max-md:h-[calc(100dvh-10.5rem)] max-md:min-h-[26rem]',
        )}
      >
        <div className={cn('min-h-0 overflow-y-auto md:border-r', selected && 'max-md:hidden')}>
          {list.isPending ? (
            <div className="flex flex-col gap-3 p-4" aria-label="Loading conversations">
              {[0, 1, 2].map((n) => (
                <div key={n} className="flex items-center gap-3">
                  <Skeleton className="size-10 rounded-full!" />
                  <div className="flex-1 space-y-2">
                    <Skeleton className="h-4 w-1/2" />
                    <Skeleton className="h-3 w-3/4" />
                  </div>
                </div>
              ))}
            </div>
          ) : list.isError && !list.data ? (
            <div className="p-6 text-center text-sm text-muted-foreground">
              <p>Your conversations could not be loaded.</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
                Try again
              </Button>
            </div>
          ) : conversations.length === 0 ? (
            <EmptyState
              icon={<MessagesSquareIcon />}
              titleAs="h2"
              title="No conversations yet"
              description="Message a seller from any listing and the conversation will show up here."
              className="border-0! shadow-none"
            />
          ) : (
            <ConversationList
              conversations={conversations}
              closed={closed}
              myId={user.id}
              selectedId={selectedId}
              onSelect={setSelectedId}
            />
          )}
        </div>

        <div className={cn('min-h-0', !selected && 'max-md:hidden')}>
          {selected ? (
            <MessageThread
              key={selected.id}
              conversation={selected}
              closedReason={closed.get(selected.id)?.reason}
              myId={user.id}
              onBack={() => setSelectedId(null)}
              onDeleted={() => {
                forgetClosedConversation(selected.id);
                setSelectedId(null);
              }}
            />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-2 p-8 text-center text-muted-foreground">
              <MessagesSquareIcon aria-hidden="true" className="size-10 text-brand-300" />
              <p className="font-medium text-foreground">
                {waitingForSelected ? 'Opening the conversation…' : 'Select a conversation'}
              </p>
              <p className="text-sm">Choose someone on the left to read and reply.</p>
            </div>
          )}
        </div>
      </div>
    </PageContainer>
  );
}
