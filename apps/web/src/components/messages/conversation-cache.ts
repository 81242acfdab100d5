import type { DataTag, InfiniteData, QueryClient } from '@tanstack/react-query';
import type { TRPCQueryKey } from '@trpc/tanstack-react-query';
import type { RouterOutputs } from '@yardsale/api';
import { DELETED_USER, SYSTEM_ACCOUNT } from '@yardsale/validators';

import type { AppTRPC } from '../../lib/trpc';

export type ConversationSummary = RouterOutputs['conversations']['list'][number];
export type MessagePage = RouterOutputs['conversations']['messages'];
export type ThreadMessage = MessagePage['items'][number];
/** A thread's pages, newest first; each page's `nextCursor` is the `before` of the page after it. */
export type MessagePages = InfiniteData<MessagePage, number | null>;
type Participant = ConversationSummary['buyer'];

/** The person on the other side of the conversation from `myId`. */
export function otherParty(conversation: ConversationSummary, myId: number): Participant {
  return conversation.buyerId === myId ? conversation.seller : conversation.buyer;
}

export function participantName(person: Participant): string {
  if (person.role === 'system') return SYSTEM_ACCOUNT.displayName;
  if (person.deleted) return DELETED_USER.displayName;
  return `${person.firstName} ${person.lastName}`.trim();
}

export function participantInitials(person: Participant): string | undefined {
  return person.role === 'system' ? SYSTEM_ACCOUNT.initials : undefined;
}

export function conversationTitle(conversation: ConversationSummary): string {
  if (conversation.listing) return conversation.listing.title;
  return conversation.isAnnouncement ? SYSTEM_ACCOUNT.conversationTitle : 'Conversation';
}

/** Announcements are written by the YardSale Team only; a deleted account reads nothing more. */
export function isReadOnlyFor(conversation: ConversationSummary, myId: number): boolean {
  const other = otherParty(conversation, myId);
  return (conversation.isAnnouncement && other.role === 'system') || other.deleted;
}

/** Optimistic messages carry negative ids until the server's copy replaces them. */
export function isPending(message: ThreadMessage): boolean {
  return message.id < 0;
}

/** The thread as shown: every loaded message, oldest first. */
export function threadMessages(pages: Pick<MessagePages, 'pages'>): ThreadMessage[] {
  return [...pages.pages].reverse().flatMap((page) => page.items);
}

/** Live, sent and optimistic messages are the newest there are: they join the first page. */
function withNewestPage(
  pages: MessagePages,
  update: (page: MessagePage) => MessagePage,
): MessagePages {
  const [newest, ...older] = pages.pages;
  if (!newest) return pages;
  return { ...pages, pages: [update(newest), ...older] };
}

/** Read marks and deletions reach a message on whichever page holds it. */
function withEveryPage(pages: MessagePages, update: (page: MessagePage) => MessagePage) {
  return { ...pages, pages: pages.pages.map(update) };
}

/**
 * Adds a message unless it is already there. The server's copy of a message this tab is still
 * sending (same sender and text) takes its optimistic stand-in's place, so it never shows twice.
 */
export function withMessage(
  pages: MessagePages,
  message: ThreadMessage,
  myId: number,
): MessagePages {
  if (pages.pages.some((page) => page.items.some((item) => item.id === message.id))) return pages;
  return withNewestPage(pages, (page) => {
    if (message.senderId === myId) {
      const index = page.items.findIndex(
        (item) => isPending(item) && item.content === message.content,
      );
      if (index >= 0) {
        return { ...page, items: page.items.map((item, i) => (i === index ? message : item)) };
      }
    }
    return { ...page, items: [...page.items, message] };
  });
}

/** The stand-in shown while a message is being sent. */
export function withOptimisticMessage(pages: MessagePages, message: ThreadMessage): MessagePages {
  return withNewestPage(pages, (page) => ({ ...page, items: [...page.items, message] }));
}

/** Once the send succeeds: the stand-in becomes the server's message (unless the live event already did that). */
export function confirmMessage(
  pages: MessagePages,
  tempId: number,
  message: ThreadMessage,
): MessagePages {
  const hasReal = pages.pages.some((page) => page.items.some((item) => item.id === message.id));
  return withNewestPage(pages, (page) =>
    hasReal
      ? { ...page, items: page.items.filter((item) => item.id !== tempId) }
      : { ...page, items: page.items.map((item) => (item.id === tempId ? message : item)) },
  );
}

export function withoutMessage(pages: MessagePages, messageId: number): MessagePages {
  return withEveryPage(pages, (page) => ({
    ...page,
    items: page.items.filter((item) => item.id !== messageId),
  }));
}

/** Messages from the other party up to `upToId` are read, on every loaded page. */
export function withReadUpTo(pages: MessagePages, upToId: number): MessagePages {
  return withEveryPage(pages, (page) => ({
    ...page,
    items: page.items.map((item) =>
      item.id > 0 && item.id <= upToId && !item.isRead ? { ...item, isRead: true } : item,
    ),
  }));
}

function byNewestActivity(a: ConversationSummary, b: ConversationSummary): number {
  return b.lastMessageAt.getTime() - a.lastMessageAt.getTime();
}

/** Puts a new message on its conversation's row; false when the row is not in the list. */
export function withLastMessage(
  list: ConversationSummary[],
  conversationId: number,
  message: ThreadMessage,
  myId: number,
): ConversationSummary[] | undefined {
  if (!list.some((item) => item.id === conversationId)) return undefined;
  return list
    .map((item) => {
      if (item.id !== conversationId) return item;
      const unread = message.senderId !== myId && !message.isRead ? 1 : 0;
      return {
        ...item,
        lastMessageAt: message.createdAt,
        lastMessage: {
          id: message.id,
          content: message.content,
          senderId: message.senderId,
          createdAt: message.createdAt,
        },
        unreadCount: item.unreadCount + unread,
      };
    })
    .sort(byNewestActivity);
}

/**
 * The thread's pages in the cache. They run back from the newest by the `before` cursor, which
 * tRPC's own infinite helpers do not offer (they expect an input named `cursor`), so this is the
 * key those helpers would make: the procedure's path, the input without its cursor, 'infinite'.
 */
export function messagesKey(trpc: AppTRPC, conversationId: number) {
  const [path] = trpc.conversations.messages.queryKey();
  const key: TRPCQueryKey = [path, { input: { conversationId }, type: 'infinite' }];
  return key as DataTag<TRPCQueryKey, MessagePages>;
}

/** Messages from the other party up to `upToId` are now read (by me, or the other way round). */
export function markReadInCache(
  queryClient: QueryClient,
  trpc: AppTRPC,
  conversationId: number,
  upToId: number,
) {
  queryClient.setQueryData(messagesKey(trpc, conversationId), (pages) =>
    pages ? withReadUpTo(pages, upToId) : pages,
  );
}

export function removeConversationFromCache(
  queryClient: QueryClient,
  trpc: AppTRPC,
  conversationId: number,
) {
  queryClient.setQueryData(trpc.conversations.list.queryKey(), (list) =>
    list?.filter((item) => item.id !== conversationId),
  );
  queryClient.removeQueries({ queryKey: messagesKey(trpc, conversationId) });
}

export function removeMessageFromCache(
  queryClient: QueryClient,
  trpc: AppTRPC,
  conversationId: number,
  messageId: number,
) {
  queryClient.setQueryData(messagesKey(trpc, conversationId), (pages) =>
    pages ? withoutMessage(pages, messageId) : pages,
  );
}

/**
 * The server could not replay what this tab missed (it was away longer than events are kept,
 * decision 059): every query is stale, so the screens showing them fetch afresh (conversations,
 * threads, unread counts, and the rest) and the others do when next shown.
 */
export function refreshAfterGap(queryClient: QueryClient) {
  return queryClient.invalidateQueries();
}
