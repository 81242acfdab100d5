import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@yardsale/ui';
import { useState } from 'react';

import { errorStatus, serverMessage } from '../../lib/errors';
import { isServerUnreachable } from '../../lib/server-reachability';
import { useTRPC } from '../../lib/trpc';
import type { ThreadMessage } from './conversation-cache';
import {
  confirmMessage,
  messagesKey,
  withLastMessage,
  withOptimisticMessage,
  withoutMessage,
} from './conversation-cache';
import { MESSAGES_TEXTS } from './messages-texts';
import { markInFlight, unsentMessages } from './unsent-messages';
import type { UnsentMessage } from './unsent-messages';

/** Ids of messages shown before the server has answered: negative, so never a real message's. */
let nextTempId = -1;

/** No answer, a fault, or too many at once: the same message may well go through later. */
function worthRetrying(error: unknown): boolean {
  const status = errorStatus(error);
  return isServerUnreachable(error) || status === 429 || (status !== undefined && status >= 500);
}

/**
 * Sending a message and sending one again. A message shows at once (optimistic) and is kept on
 * the device (unsent-messages.ts) until the server has stored it, so a reload or a dropped
 * connection never loses it: if the send fails for want of the server, it stays in the thread
 * with Retry. Every attempt carries the message's own key, so a retry of a send that did arrive
 * is answered with the stored message, not a second copy (decision 088).
 */
export function useSendMessage({
  conversationId,
  myId,
  onSent,
  onRefused,
}: {
  conversationId: number;
  myId: number;
  onSent?: () => void;
  /** A new message the server refused (not a lost one): its text goes back to the composer. */
  onRefused?: (content: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = messagesKey(trpc, conversationId);
  const listKey = trpc.conversations.list.queryKey();
  const unsent = unsentMessages(myId, conversationId);
  // Keys of new messages on their first attempt (a refusal of those gives the text back).
  const [firstAttempts] = useState(() => new Set<string>());

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
      onSuccess: (message, { clientKey }, context) => {
        if (clientKey) {
          firstAttempts.delete(clientKey);
          unsent.remove(clientKey);
          markInFlight(clientKey, false);
        }
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
        onSent?.();
      },
      onError: (sendError, { clientKey, content }, context) => {
        if (context) {
          queryClient.setQueryData(key, (pages) =>
            pages ? withoutMessage(pages, context.tempId) : pages,
          );
        }
        if (clientKey) {
          markInFlight(clientKey, false);
          // A new message refused outright (not lost): its text goes back to the composer to be
          // changed. Otherwise it stays in the thread, failed, with Retry.
          if (firstAttempts.delete(clientKey) && onRefused && !worthRetrying(sendError)) {
            unsent.remove(clientKey);
            onRefused(content);
          }
        }
        toast({
          variant: 'destructive',
          title: MESSAGES_TEXTS.sendFailedTitle,
          description:
            serverMessage(sendError) ??
            (clientKey ? MESSAGES_TEXTS.sendFailedKept : MESSAGES_TEXTS.sendFailedDescription),
        });
      },
    }),
  );

  const attempt = (message: UnsentMessage, firstTime: boolean) => {
    if (firstTime) firstAttempts.add(message.clientKey);
    markInFlight(message.clientKey, true);
    send.mutate({ conversationId, content: message.content, clientKey: message.clientKey });
  };

  return {
    /** Sends a new message; it is on the device before the request leaves. */
    sendNew: (content: string) => {
      const message: UnsentMessage = {
        clientKey: crypto.randomUUID(),
        content,
        failedAt: new Date().toISOString(),
      };
      unsent.add(message);
      attempt(message, true);
    },
    /** Sends a failed message again, with its own key. */
    retry: (message: UnsentMessage) => attempt(message, false),
    /** Forgets a failed message. */
    discard: (message: UnsentMessage) => unsent.remove(message.clientKey),
  };
}
