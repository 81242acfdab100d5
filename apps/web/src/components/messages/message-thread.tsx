import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, ConfirmDialog, Skeleton, Textarea, UserAvatar, cn, toast } from '@yardsale/ui';
import {
  MARK_READ_DELAY_MS,
  UI_TEXT,
  POLL_MESSAGES_MS,
  MESSAGE_MAX_LENGTH,
} from '@yardsale/validators';
import { ArrowLeftIcon, ChevronRightIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, SubmitEvent } from 'react';

import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
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
  withLastMessage,
} from './conversation-cache';
import { useFallbackInterval } from './conversation-live';
import { messageTime } from './conversation-list';
import { ListingThumb } from './listing-thumb';
import { MESSAGES_TEXTS } from './messages-texts';

let nextTempId = -1;

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
          {MESSAGES_TEXTS.readOnly}
        </p>
      ) : (
        <Composer conversationId={conversation.id} myId={myId} />
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
  const queryClient = useQueryClient();
  const conversationId = conversation.id;
  const refetchInterval = useFallbackInterval(POLL_MESSAGES_MS);
  const {
    data,
    isPending: loading,
    isError,
  } = useQuery({
    ...trpc.conversations.messages.queryOptions({ conversationId }),
    refetchInterval,
    // The cache is kept current by live events; a revisit still asks once.
    staleTime: 0,
  });
  const items = data?.items;

  const markRead = useMutation(trpc.conversations.markRead.mutationOptions());
  const { mutate: markReadMutate } = markRead;

  // Unread messages from the other party count as read once shown for a moment (spec section 4).
  const newestUnread = items
    ?.filter((item) => item.senderId !== myId && !item.isRead && !isPending(item))
    .reduce((max, item) => Math.max(max, item.id), 0);
  useEffect(() => {
    if (!newestUnread) return;
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
  }, [newestUnread, conversationId, markReadMutate, queryClient, trpc]);

  // Keep the newest message in view as messages arrive.
  const bottomRef = useRef<HTMLDivElement>(null);
  const count = items?.length ?? 0;
  useLayoutEffect(() => {
    bottomRef.current?.scrollIntoView({ block: 'end' });
  }, [count, conversationId]);

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
    <div className="min-h-0 flex-1 overflow-y-auto bg-muted/30 px-3 py-4 sm:px-4">
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
        <ol aria-label="Messages" className="flex flex-col gap-2">
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
      ) : (
        <p className="py-10 text-center text-sm text-muted-foreground">
          No messages yet. Say hello and ask about the item.
        </p>
      )}
      <div ref={bottomRef} />
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
          <span className="rounded-full bg-blue-600 px-1.5 py-px text-[0.7rem] font-semibold text-white">
            New
          </span>
        ) : null}
        <time dateTime={message.createdAt.toISOString()}>{messageTime(message.createdAt)}</time>
        {own && showStatus ? <span>· {status}</span> : null}
      </span>
    </li>
  );
}

function Composer({ conversationId, myId }: { conversationId: number; myId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const key = messagesKey(trpc, conversationId);
  const listKey = trpc.conversations.list.queryKey();

  const send = useMutation(
    trpc.conversations.send.mutationOptions({
      onMutate: async ({ content }) => {
        await queryClient.cancelQueries({ queryKey: key });
        const tempId = nextTempId--;
        const optimistic: ThreadMessage = {
          id: tempId,
          conversationId,
          senderId: myId,
          content,
          isRead: false,
          createdAt: new Date(),
        };
        queryClient.setQueryData(key, (page) =>
          page ? { ...page, items: [...page.items, optimistic] } : page,
        );
        return { tempId };
      },
      onSuccess: (message, _input, context) => {
        queryClient.setQueryData(key, (page) =>
          page ? confirmMessage(page, context.tempId, message) : page,
        );
        queryClient.setQueryData(listKey, (list) =>
          list ? (withLastMessage(list, conversationId, message, myId) ?? list) : list,
        );
      },
      onError: (sendError, { content }, context) => {
        // Roll back, and give the text back so nothing typed is lost.
        if (context) {
          queryClient.setQueryData(key, (page) =>
            page
              ? { ...page, items: page.items.filter((item) => item.id !== context.tempId) }
              : page,
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
