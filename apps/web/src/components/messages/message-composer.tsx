import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Textarea, toast } from '@yardsale/ui';
import { MESSAGE_MAX_LENGTH, UI_TEXT } from '@yardsale/validators';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import type { KeyboardEvent, SubmitEvent } from 'react';

import { serverMessage } from '../../lib/errors';
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

/** Ids of messages shown before the server has answered: negative, so never a real message's. */
let nextTempId = -1;

/**
 * Writing a message: it shows at once (optimistic) and is confirmed or taken back when the server
 * answers; a message that fails gives its text back.
 */
export function Composer({
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
