import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, ConfirmDialog, Skeleton, Spinner, toast } from '@yardsale/ui';
import { MARK_READ_DELAY_MS, POLL_MESSAGES_MS, UI_TEXT } from '@yardsale/validators';
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import { serverMessage } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import type { ConversationSummary } from './conversation-cache';
import {
  isPending,
  markReadInCache,
  messagesKey,
  removeMessageFromCache,
  threadMessages,
} from './conversation-cache';
import { useFallbackInterval } from './conversation-live';
import { MessageBubble, UnsentBubble } from './message-bubble';
import { MESSAGES_TEXTS } from './messages-texts';
import { useInFlight, useUnsentMessages } from './unsent-messages';
import { useSendMessage } from './use-send-message';
import { useThreadScroll } from './use-thread-scroll';

/** A thread opens on its newest page; each later page reaches further back. */
const NEWEST_PAGE: number | null = null;
/** Older messages start loading a little before the top comes into view. */
const LOAD_AHEAD_PX = 160;

/**
 * A thread's messages, newest at the bottom, older pages loaded as the reader reaches the top;
 * messages from the other party count as read once shown.
 */
export function MessageList({
  conversation,
  myId,
  otherName,
  closed = false,
}: {
  conversation: ConversationSummary;
  myId: number;
  otherName: string;
  /** Gone on the server: what is shown stays, nothing is asked or marked read any more. */
  closed?: boolean;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const conversationId = conversation.id;
  const refetchInterval = useFallbackInterval(POLL_MESSAGES_MS);
  const {
    data,
    isPending: loading,
    isError,
    hasNextPage: hasOlder,
    isFetchingNextPage: loadingOlder,
    isFetchNextPageError: olderFailed,
    fetchNextPage,
  } = useInfiniteQuery({
    queryKey: messagesKey(trpc, conversationId),
    queryFn: ({ pageParam, signal }) =>
      client.conversations.messages.query({ conversationId, before: pageParam }, { signal }),
    initialPageParam: NEWEST_PAGE,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval,
    // The cache is kept current by live events; a revisit still asks once.
    staleTime: 0,
    enabled: !closed,
  });
  const items = useMemo(() => (data ? threadMessages(data) : undefined), [data]);
  const pageCount = data?.pages.length ?? 0;
  const { scrollerRef, listRef, unseenBelow, onScroll, showUnseen } = useThreadScroll(items, myId);

  const markRead = useMutation(trpc.conversations.markRead.mutationOptions());
  const { mutate: markReadMutate } = markRead;

  // Unread messages from the other party count as read once shown for a moment (docs/product/rules.md, States);
  // one that arrived below while the reader is further up has not been shown yet.
  const newestUnread = items
    ?.filter((item) => item.senderId !== myId && !item.isRead && !isPending(item))
    .reduce((max, item) => Math.max(max, item.id), 0);
  useEffect(() => {
    if (!newestUnread || unseenBelow || closed) return;
    const timer = setTimeout(() => {
      markReadMutate(
        { conversationId },
        {
          onSuccess: () => {
            markReadInCache(queryClient, trpc, conversationId, newestUnread);
            queryClient.setQueryData(trpc.conversations.list.queryKey(), (list) =>
              list?.map((item) =>
                item.id === conversationId ? { ...item, unreadCount: 0 } : item,
              ),
            );
          },
        },
      );
    }, MARK_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [newestUnread, unseenBelow, closed, conversationId, markReadMutate, queryClient, trpc]);

  const loadOlder = useCallback(() => {
    if (!loadingOlder) void fetchNextPage();
  }, [loadingOlder, fetchNextPage]);

  // Reaching the top loads the page before it. The observer is made again once a page has
  // arrived, so a top still in view (a short page, a tall screen) keeps loading. After a failure
  // it waits for the button, rather than asking again and again.
  const olderRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = olderRef.current;
    const root = scrollerRef.current;
    if (!target || !root || !hasOlder || loadingOlder || olderFailed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { root, rootMargin: `${LOAD_AHEAD_PX}px 0px 0px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, olderFailed, fetchNextPage, pageCount, scrollerRef]);

  // Deleting removes the message for both people and cannot be taken back, so it is confirmed first.
  const [confirmingId, setConfirmingId] = useState<number | null>(null);
  const deleteMessage = useMutation(
    trpc.conversations.deleteMessage.mutationOptions({
      onSuccess: () => {
        setConfirmingId(null);
        void queryClient.invalidateQueries({ queryKey: trpc.conversations.list.queryKey() });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: MESSAGES_TEXTS.messageDeleteFailed,
          description: serverMessage(error),
        });
      },
    }),
  );

  const lastOwnId = items?.findLast((item) => item.senderId === myId)?.id;

  // Messages that failed to send, kept on the device; one being sent again shows as "Sending…".
  const unsent = useUnsentMessages(myId, conversationId);
  const inFlight = useInFlight();
  const failed = unsent.filter((message) => !inFlight.has(message.clientKey));
  const { retry, discard } = useSendMessage({ conversationId, myId });

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollerRef}
        onScroll={onScroll}
        // The place is kept by hand when older messages arrive; the browser's own anchoring
        // would move it a second time.
        className="min-h-0 flex-1 overflow-y-auto bg-muted/30 px-3 py-4 [overflow-anchor:none] sm:px-4"
      >
        {loading && !closed ? (
          <div className="flex flex-col gap-3" aria-label="Loading messages">
            <Skeleton className="h-12 w-2/3 rounded-2xl!" />
            <Skeleton className="ml-auto h-12 w-1/2 rounded-2xl!" />
            <Skeleton className="h-12 w-3/5 rounded-2xl!" />
          </div>
        ) : isError && !data ? (
          <p className="py-10 text-center text-sm text-muted-foreground">
            These messages could not be loaded. They will appear once the connection is back.
          </p>
        ) : items && items.length > 0 ? (
          <>
            {hasOlder && !closed ? (
              // One height whether idle, loading or failed, so the messages below never shift.
              <div className="mb-3 flex h-9 justify-center">
                <Button
                  ref={olderRef}
                  type="button"
                  variant="outline"
                  size="sm"
                  className="rounded-full! text-muted-foreground"
                  // Not disabled while loading: a disabled button would drop the keyboard focus.
                  aria-disabled={loadingOlder || undefined}
                  aria-busy={loadingOlder || undefined}
                  onClick={loadOlder}
                >
                  {loadingOlder ? (
                    <Spinner size="sm" aria-hidden="true" />
                  ) : (
                    <ArrowUpIcon aria-hidden="true" />
                  )}
                  {loadingOlder
                    ? UI_TEXT.thread.loadingOlder
                    : olderFailed
                      ? UI_TEXT.thread.loadOlderFailed
                      : UI_TEXT.thread.loadOlder}
                </Button>
              </div>
            ) : null}
            <ol
              ref={listRef}
              tabIndex={-1}
              aria-label="Messages"
              className="flex flex-col gap-2 outline-none"
            >
              {items.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  own={message.senderId === myId}
                  otherName={otherName}
                  showStatus={message.id === lastOwnId}
                  onDelete={() => setConfirmingId(message.id)}
                />
              ))}
            </ol>
          </>
        ) : failed.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">
            No messages yet. Say hello and ask about the item.
          </p>
        ) : null}
        {failed.length > 0 ? (
          <ol aria-label={MESSAGES_TEXTS.unsentList} className="mt-2 flex flex-col gap-2">
            {failed.map((message) => (
              <UnsentBubble
                key={message.clientKey}
                message={message}
                onRetry={() => retry(message)}
                onDiscard={() => discard(message)}
              />
            ))}
          </ol>
        ) : null}
      </div>
      {/* Announced when it appears; sits over the bottom of the thread, above the composer. */}
      <div
        aria-live="polite"
        className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center"
      >
        {unseenBelow ? (
          <Button
            type="button"
            size="sm"
            className="pointer-events-auto rounded-full! shadow-md"
            onClick={showUnseen}
          >
            <ArrowDownIcon aria-hidden="true" />
            {UI_TEXT.thread.newMessages}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmingId !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmingId(null);
        }}
        title={MESSAGES_TEXTS.deleteMessageTitle}
        description={MESSAGES_TEXTS.deleteMessageDescription(otherName)}
        confirmLabel={MESSAGES_TEXTS.deleteMessageConfirm}
        destructive
        pending={deleteMessage.isPending}
        onConfirm={() => {
          if (confirmingId === null) return;
          const messageId = confirmingId;
          deleteMessage.mutate(
            { messageId },
            {
              onSuccess: () => removeMessageFromCache(queryClient, trpc, conversationId, messageId),
            },
          );
        }}
      />
    </div>
  );
}
