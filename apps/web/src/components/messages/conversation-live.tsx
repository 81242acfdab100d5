import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { POLL_CONVERSATIONS_MS } from '@yardsale/validators';
import { useEffect, useSyncExternalStore } from 'react';

import { useTRPC } from '../../lib/trpc';
import { forgetClosedConversations, markConversationClosed } from './closed-conversations';
import {
  markReadInCache,
  messagesKey,
  refreshAfterGap,
  removeConversationFromCache,
  removeMessageFromCache,
  withLastMessage,
  withMessage,
} from './conversation-cache';

/**
 * 'connecting' before the socket first opens, 'live' while it is open, 'down' after it dropped or
 * failed. One value per tab, because one subscription per tab feeds every screen.
 */
type LiveState = 'connecting' | 'live' | 'down';

let liveState: LiveState = 'connecting';
const listeners = new Set<() => void>();

function setLiveState(next: LiveState) {
  if (next === liveState) return;
  liveState = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveState(): LiveState {
  return useSyncExternalStore(subscribe, () => liveState);
}

/**
 * Polling is the fallback (docs/product/rules.md#limits-and-timings) whenever the socket is not
 * open.
 */
export function useFallbackInterval(intervalMs: number): number | false {
  return useLiveState() === 'live' ? false : intervalMs;
}

const RETRY_AFTER_ERROR_MS = 5000;

/**
 * Keeps every conversation query of this tab in step with the server's events. Rendered once for
 * a signed-in user (in the site header), so the nav badge and the Messages screen share it.
 */
export function ConversationLiveSync({ userId }: { userId: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listKey = trpc.conversations.list.queryKey();

  const subscription = useSubscription(
    trpc.conversations.events.subscriptionOptions(undefined, {
      onStarted: () => {
        // Events missed while the socket was down are replayed, but a fresh list costs little.
        if (liveState === 'down') void queryClient.invalidateQueries({ queryKey: listKey });
      },
      onData: ({ data: event }) => {
        switch (event.kind) {
          case 'message.created': {
            queryClient.setQueryData(messagesKey(trpc, event.conversationId), (pages) =>
              pages ? withMessage(pages, event.message, userId) : pages,
            );
            const list = queryClient.getQueryData(listKey);
            const updated = list
              ? withLastMessage(list, event.conversationId, event.message, userId)
              : undefined;
            if (updated) queryClient.setQueryData(listKey, updated);
            // A conversation new to this list (or one I had deleted) comes back with this message.
            else void queryClient.invalidateQueries({ queryKey: listKey });
            break;
          }
          case 'message.read':
            markReadInCache(queryClient, trpc, event.conversationId, event.messageId);
            void queryClient.invalidateQueries({ queryKey: listKey });
            break;
          case 'message.deleted':
            removeMessageFromCache(queryClient, trpc, event.conversationId, event.messageId);
            void queryClient.invalidateQueries({ queryKey: listKey });
            break;
          case 'conversation.deleted':
            removeConversationFromCache(queryClient, trpc, event.conversationId);
            break;
          case 'conversation.closed': {
            // Gone on the server with its listing: an open thread keeps its messages and says why.
            const summary = queryClient
              .getQueryData(listKey)
              ?.find((item) => item.id === event.conversationId);
            if (summary) markConversationClosed({ conversation: summary, reason: event.reason });
            queryClient.setQueryData(listKey, (list) =>
              list?.filter((item) => item.id !== event.conversationId),
            );
            void queryClient.cancelQueries({ queryKey: messagesKey(trpc, event.conversationId) });
            break;
          }
          case 'refresh':
            void refreshAfterGap(queryClient);
            break;
        }
      },
    }),
  );

  const { status, reset } = subscription;
  useEffect(() => {
    if (status === 'pending') setLiveState('live');
    else if (status === 'error' || liveState !== 'connecting') setLiveState('down');
    else setLiveState('connecting');
    if (status !== 'error') return;
    // A failed subscription does not retry by itself.
    const timer = setTimeout(reset, RETRY_AFTER_ERROR_MS);
    return () => clearTimeout(timer);
  }, [status, reset]);

  useEffect(
    () => () => {
      setLiveState('connecting');
      forgetClosedConversations();
    },
    [],
  );

  return null;
}

/** All unread messages for the nav badge; the list refreshes live, or by polling when the socket is down. */
export function useUnreadTotal(): number {
  const trpc = useTRPC();
  const refetchInterval = useFallbackInterval(POLL_CONVERSATIONS_MS);
  const { data } = useQuery({
    ...trpc.conversations.list.queryOptions(),
    refetchInterval,
    select: (list) => list.reduce((total, item) => total + item.unreadCount, 0),
  });
  return data ?? 0;
}
