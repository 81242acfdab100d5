import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  Button,
  ConfirmDialog,
  Skeleton,
  Spinner,
  Textarea,
  UserAvatar,
  cn,
  toast,
} from '@yardsale/ui';
import {
  MARK_READ_DELAY_MS,
  UI_TEXT,
  POLL_MESSAGES_MS,
  MESSAGE_MAX_LENGTH,
} from '@yardsale/validators';
import {
  ArrowDownIcon,
  ArrowLeftIcon,
  ArrowUpIcon,
  ChevronRightIcon,
  SendIcon,
  Trash2Icon,
} from 'lucide-react';
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { KeyboardEvent, SubmitEvent } from 'react';

import { serverMessage } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import type { ConversationSummary, ThreadMessage } from './conversation-cache';
import {
  confirmMessage,
  conversationTitle,
  isPending,
  isReadOnlyFor,
  markReadInCache,
  messagesKey,
  otherParty,
  participantInitials,
  participantName,
  removeConversationFromCache,
  removeMessageFromCache,
  threadMessages,
  withLastMessage,
  withOptimisticMessage,
  withoutMessage,
} from './conversation-cache';
import { useFallbackInterval } from './conversation-live';
import { messageTime } from './conversation-list';
import { ListingThumb } from './listing-thumb';
import { MESSAGES_TEXTS } from './messages-texts';

let nextTempId = -1;

// Loaded only once a message is sent, so the messages screen itself does not grow.
const PushPrompt = lazy(() => import('../push-prompt').then((m) => ({ default: m.PushPrompt })));

/** A thread opens on its newest page; each later page reaches further back. */
const NEWEST_PAGE: number | null = null;

export function MessageThread({
  conversation,
  myId,
  onBack,
  onDeleted,
}: {
  conversation: ConversationSummary;
  myId: number;
  onBack: () => void;
  onDeleted: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const person = otherParty(conversation, myId);
  const name = participantName(person);
  const readOnly = isReadOnlyFor(conversation, myId);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // After the first message sent here, push is worth suggesting: a reply may come while away.
  const [pushPrompt, setPushPrompt] = useState<'later' | 'shown' | 'done'>('later');

  const deleteConversation = useMutation(
    trpc.conversations.delete.mutationOptions({
      onSuccess: () => {
        setConfirmOpen(false);
        removeConversationFromCache(queryClient, trpc, conversation.id);
        toast({ variant: 'success', title: MESSAGES_TEXTS.conversationDeleted });
        onDeleted();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: MESSAGES_TEXTS.conversationDeleteFailed,
          description: serverMessage(error),
        });
      },
    }),
  );

  return (
    <section aria-label={`Conversation with ${name}`} className="flex h-full min-h-0 flex-col">
      <header className="border-b">
        <div className="flex items-center gap-2 px-2 py-3 sm:gap-3 sm:px-4">
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={MESSAGES_TEXTS.backToConversations}
            onClick={onBack}
          >
            <ArrowLeftIcon aria-hidden="true" className="size-5" />
          </Button>
          <UserAvatar
            src={person.profilePicture}
            name={name}
            initials={participantInitials(person)}
          />
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-semibold">{name}</h2>
            {conversation.listing ? null : (
              <p className="truncate text-sm text-muted-foreground">
                {conversationTitle(conversation)}
              </p>
            )}
          </div>
          <Button
            type="button"
            variant="quietDanger"
            size="icon"
            aria-label={MESSAGES_TEXTS.deleteConversation}
            title={MESSAGES_TEXTS.deleteConversation}
            onClick={() => setConfirmOpen(true)}
          >
            <Trash2Icon aria-hidden="true" className="size-5" />
          </Button>
        </div>
        {conversation.listing ? <ListingStrip listing={conversation.listing} /> : null}
      </header>

      <MessageList conversation={conversation} myId={myId} otherName={name} />

      {readOnly ? (
        <p className="border-t px-4 py-3 text-center text-sm text-muted-foreground">
          {person.deleted ? UI_TEXT.deleteAccount.recipientDeleted : MESSAGES_TEXTS.readOnly}
        </p>
      ) : (
        <>
          {pushPrompt === 'shown' ? (
            // Part of the thread's background, above the composer. Empty (and so hidden) while
            // loading and wherever the card has nothing to offer.
            <div className="bg-muted/30 px-3 pb-3 empty:hidden sm:px-4">
              <Suspense fallback={null}>
                <PushPrompt reason="message" onDone={() => setPushPrompt('done')} />
              </Suspense>
            </div>
          ) : null}
          <Composer
            conversationId={conversation.id}
            myId={myId}
            onSent={() => setPushPrompt((state) => (state === 'later' ? 'shown' : state))}
          />
        </>
      )}

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={MESSAGES_TEXTS.deleteConversationTitle}
        description={MESSAGES_TEXTS.deleteConversationDescription(name)}
        confirmLabel={MESSAGES_TEXTS.deleteConversation}
        destructive
        pending={deleteConversation.isPending}
        onConfirm={() => deleteConversation.mutate({ conversationId: conversation.id })}
      />
    </section>
  );
}

/**
 * What the conversation is about: photo, title and price range. The title's link is stretched over
 * the strip, so a tap anywhere on it opens the listing.
 */
function ListingStrip({ listing }: { listing: NonNullable<ConversationSummary['listing']> }) {
  return (
    <div
      className={cn(
        'relative flex items-center gap-3 border-t bg-muted/40 px-3 py-2 transition-colors hover:bg-accent sm:px-4',
        'has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring has-[a:focus-visible]:ring-inset',
      )}
    >
      <ListingThumb
        photoUrl={listing.photoUrl}
        alt={listing.title}
        className="size-12 rounded-lg"
      />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">
          <Link
            to="/listing/$id"
            params={{ id: String(listing.id) }}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {listing.title}
          </Link>
        </p>
        <p className="text-sm text-muted-foreground">
          <span className="sr-only">{MESSAGES_TEXTS.priceRangeLabel} </span>
          {listing.priceRange}
        </p>
      </div>
      <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
    </div>
  );
}

/** Within this distance of the bottom, the reader is following along: new messages scroll in. */
const FOLLOWING_PX = 80;
/** Older messages start loading a little before the top comes into view. */
const LOAD_AHEAD_PX = 160;

function MessageList({
  conversation,
  myId,
  otherName,
}: {
  conversation: ConversationSummary;
  myId: number;
  otherName: string;
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
  });
  const items = useMemo(() => (data ? threadMessages(data) : undefined), [data]);
  const pageCount = data?.pages.length ?? 0;

  const markRead = useMutation(trpc.conversations.markRead.mutationOptions());
  const { mutate: markReadMutate } = markRead;

  // Messages that arrived below while the reader is further up: the pill offers them.
  const [unseenBelow, setUnseenBelow] = useState(false);

  // Unread messages from the other party count as read once shown for a moment (spec section 4);
  // one that arrived below while the reader is further up has not been shown yet.
  const newestUnread = items
    ?.filter((item) => item.senderId !== myId && !item.isRead && !isPending(item))
    .reduce((max, item) => Math.max(max, item.id), 0);
  useEffect(() => {
    if (!newestUnread || unseenBelow) return;
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
  }, [newestUnread, unseenBelow, conversationId, markReadMutate, queryClient, trpc]);

  const scrollerRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  // How far the bottom of the content lies below the top of the view (scrollHeight - scrollTop):
  // older messages added above leave it unchanged, so restoring it keeps the reader's place.
  const fromBottomRef = useRef(0);
  const shownRef = useRef<ThreadMessage[] | undefined>(undefined);

  const rememberPlace = useCallback(() => {
    const scroller = scrollerRef.current;
    if (scroller) fromBottomRef.current = scroller.scrollHeight - scroller.scrollTop;
  }, []);

  const scrollToNewest = useCallback(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, []);

  // Before the browser paints: older messages keep what was on screen in place; newer ones scroll
  // in when the reader is following along or wrote them, and otherwise wait behind the pill.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const before = shownRef.current;
    shownRef.current = items;
    if (!scroller || !items) return;
    const wasFollowing = fromBottomRef.current - scroller.clientHeight <= FOLLOWING_PX;
    const wasShown = (message: ThreadMessage) => before?.some((item) => item.id === message.id);
    const first = items[0];
    const last = items.at(-1);
    if (!before?.length) {
      scrollToNewest();
    } else {
      const previousFirst = before[0];
      if (first && previousFirst && !wasShown(first) && first.id < previousFirst.id) {
        scroller.scrollTop = scroller.scrollHeight - fromBottomRef.current;
      }
      if (last && !wasShown(last)) {
        if (last.senderId === myId || wasFollowing) {
          scrollToNewest();
          setUnseenBelow(false);
        } else {
          setUnseenBelow(true);
        }
      }
    }
    rememberPlace();
  }, [items, myId, rememberPlace, scrollToNewest]);

  // The view gets shorter when something appears under it (the push card above the composer, a
  // taller composer, a phone's keyboard): a reader following along keeps seeing the newest message.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    let height = scroller.clientHeight;
    const observer = new ResizeObserver(() => {
      const before = height;
      height = scroller.clientHeight;
      if (fromBottomRef.current - before <= FOLLOWING_PX) scrollToNewest();
      rememberPlace();
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [rememberPlace, scrollToNewest]);

  const onScroll = () => {
    rememberPlace();
    const scroller = scrollerRef.current;
    if (unseenBelow && scroller && fromBottomRef.current - scroller.clientHeight <= FOLLOWING_PX) {
      setUnseenBelow(false);
    }
  };

  const showUnseen = () => {
    scrollToNewest();
    setUnseenBelow(false);
    // The pill goes away; keyboard and screen-reader users land on the messages, not the page top.
    listRef.current?.focus({ preventScroll: true });
  };

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
  }, [hasOlder, loadingOlder, olderFailed, fetchNextPage, pageCount]);

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

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollerRef}
        onScroll={onScroll}
        // The place is kept by hand when older messages arrive; the browser's own anchoring
        // would move it a second time.
        className="min-h-0 flex-1 overflow-y-auto bg-muted/30 px-3 py-4 [overflow-anchor:none] sm:px-4"
      >
        {loading ? (
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
            {hasOlder ? (
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
        ) : (
          <p className="py-10 text-center text-sm text-muted-foreground">
            No messages yet. Say hello and ask about the item.
          </p>
        )}
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

function MessageBubble({
  message,
  own,
  otherName,
  showStatus,
  onDelete,
}: {
  message: ThreadMessage;
  own: boolean;
  otherName: string;
  showStatus: boolean;
  onDelete: () => void;
}) {
  const pending = isPending(message);
  const isNew = !own && !message.isRead;
  const status = pending
    ? MESSAGES_TEXTS.statusSending
    : message.isRead
      ? MESSAGES_TEXTS.statusRead
      : MESSAGES_TEXTS.statusSent;
  return (
    <li className={cn('group flex flex-col', own ? 'items-end' : 'items-start')}>
      <span className="sr-only">{own ? MESSAGES_TEXTS.you : otherName}:</span>
      <div
        className={cn(
          'flex max-w-[85%] min-w-0 items-center gap-1.5 sm:max-w-[70%]',
          own && 'flex-row-reverse',
        )}
      >
        <div
          className={cn(
            // A long word or link wraps anywhere rather than pushing the bubble past the thread.
            'min-w-0 rounded-2xl px-3.5 py-2 text-[0.95rem] leading-relaxed wrap-anywhere whitespace-pre-wrap shadow-xs',
            own
              ? 'rounded-br-md bg-primary text-primary-foreground'
              : 'rounded-bl-md border bg-card text-foreground',
            isNew && 'border-blue-300 ring-2 ring-blue-100',
            pending && 'opacity-70',
          )}
        >
          {message.content}
        </div>
        {own && !pending ? (
          <Button
            type="button"
            variant="quietDanger"
            size="icon"
            className="size-8! shrink-0 opacity-60 group-hover:opacity-100 focus-visible:opacity-100"
            aria-label={MESSAGES_TEXTS.deleteMessage}
            title={MESSAGES_TEXTS.deleteMessage}
            onClick={onDelete}
          >
            <Trash2Icon aria-hidden="true" className="size-4" />
          </Button>
        ) : null}
      </div>
      <span className="mt-0.5 flex items-center gap-1.5 px-1 text-xs text-muted-foreground">
        {isNew ? (
          // No taller than the time beside it: when the marker goes, nothing above the reader moves.
          <span className="rounded-full bg-blue-600 px-1.5 py-0.5 text-[0.7rem] leading-none font-semibold text-white">
            New
          </span>
        ) : null}
        <time dateTime={message.createdAt.toISOString()}>{messageTime(message.createdAt)}</time>
        {own && showStatus ? <span>· {status}</span> : null}
      </span>
    </li>
  );
}

function Composer({
  conversationId,
  myId,
  onSent,
}: {
  conversationId: number;
  myId: number;
  onSent: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const key = messagesKey(trpc, conversationId);
  const listKey = trpc.conversations.list.queryKey();

  const send = useMutation(
    trpc.conversations.send.mutationOptions({
      onMutate: async ({ content }) => {
        // A refetch in flight would overwrite the optimistic message, so it is cancelled. The
        // thread's first load is not: cancelling it would leave the thread loading with nothing
        // to show (onSuccess fetches afresh instead).
        if (queryClient.getQueryData(key)) await queryClient.cancelQueries({ queryKey: key });
        const tempId = nextTempId--;
        const optimistic: ThreadMessage = {
          id: tempId,
          conversationId,
          senderId: myId,
          content,
          isRead: false,
          createdAt: new Date(),
        };
        queryClient.setQueryData(key, (pages) =>
          pages ? withOptimisticMessage(pages, optimistic) : pages,
        );
        return { tempId };
      },
      onSuccess: (message, _input, context) => {
        if (queryClient.getQueryData(key)) {
          queryClient.setQueryData(key, (pages) =>
            pages ? confirmMessage(pages, context.tempId, message) : pages,
          );
        } else {
          // Sent before the thread had loaded: that load may have been answered without it.
          void queryClient.invalidateQueries({ queryKey: key });
        }
        queryClient.setQueryData(listKey, (list) =>
          list ? (withLastMessage(list, conversationId, message, myId) ?? list) : list,
        );
        onSent();
      },
      onError: (sendError, { content }, context) => {
        // Roll back, and give the text back so nothing typed is lost.
        if (context) {
          queryClient.setQueryData(key, (pages) =>
            pages ? withoutMessage(pages, context.tempId) : pages,
          );
        }
        setText((current) => (current.trim() === '' ? content : current));
        toast({
          variant: 'destructive',
          title: MESSAGES_TEXTS.sendFailedTitle,
          description: serverMessage(sendError) ?? MESSAGES_TEXTS.sendFailedDescription,
        });
      },
    }),
  );

  const submit = () => {
    const content = text.trim();
    if (!content) {
      setError(UI_TEXT.message.empty);
      return;
    }
    setError(null);
    setText('');
    send.mutate({ conversationId, content });
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter (and Enter while composing accented text) makes a new line.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const empty = text.trim() === '';
  return (
    <form onSubmit={onSubmit} className="border-t bg-card px-3 py-3 sm:px-4">
      <div className="flex items-end gap-2">
        <Textarea
          aria-label={MESSAGES_TEXTS.composerLabel}
          placeholder={MESSAGES_TEXTS.composerPlaceholder}
          rows={1}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `composer-error-${conversationId}` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          className="max-h-40 min-h-11! flex-1 resize-none!"
        />
        <Button
          type="submit"
          size="icon"
          className="size-11! shrink-0"
          disabled={empty}
          aria-label={MESSAGES_TEXTS.send}
        >
          <SendIcon aria-hidden="true" className="size-5" />
        </Button>
      </div>
      {error ? (
        <p id={`composer-error-${conversationId}`} className="mt-1 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
