import { Button, Textarea } from '@yardsale/ui';
import { MESSAGE_MAX_LENGTH, UI_TEXT } from '@yardsale/validators';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import type { KeyboardEvent, SubmitEvent } from 'react';

import { MESSAGES_TEXTS } from './messages-texts';
import { readDraft, writeDraft } from './unsent-messages';
import { useSendMessage } from './use-send-message';

/**
 * Writing a message. The draft is kept on the device as it is typed, so a reload or a dropped
 * connection never loses it; a message sent shows at once and, if the server cannot be reached,
 * stays in the thread with Retry (use-send-message.ts). One the server refuses gives its text back.
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
  const [draftOf, setDraftOf] = useState(conversationId);
  const [text, setTextState] = useState(() => readDraft(myId, conversationId));
  const [error, setError] = useState<string | null>(null);
  // Another conversation in the same composer: its own draft.
  if (draftOf !== conversationId) {
    setDraftOf(conversationId);
    setTextState(readDraft(myId, conversationId));
    setError(null);
  }
  const setText = (next: string) => {
    setTextState(next);
    writeDraft(myId, conversationId, next);
  };

  const { sendNew } = useSendMessage({
    conversationId,
    myId,
    onSent,
    onRefused: (content) => {
      setTextState((current) => {
        if (current.trim() !== '') return current;
        writeDraft(myId, conversationId, content);
        return content;
      });
    },
  });

  const submit = () => {
    const content = text.trim();
    if (!content) {
      setError(UI_TEXT.message.empty);
      return;
    }
    setError(null);
    setText('');
    sendNew(content);
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
