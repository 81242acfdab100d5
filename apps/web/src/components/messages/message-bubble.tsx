import { Button, cn } from '@yardsale/ui';
import { CircleAlertIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';

import type { ThreadMessage } from './conversation-cache';
import { isPending } from './conversation-cache';
import { messageTime } from './conversation-list';
import { MESSAGES_TEXTS } from './messages-texts';
import type { UnsentMessage } from './unsent-messages';

/** One message: its text, when it was sent, and on the newest of one's own, whether it was read. */
export function MessageBubble({
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

/**
 * One's own message the server never stored (no connection, server out of reach): kept in the
 * thread, on this device, until it is sent again or discarded.
 */
export function UnsentBubble({
  message,
  onRetry,
  onDiscard,
}: {
  message: UnsentMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const at = new Date(message.failedAt);
  return (
    <li className="flex flex-col items-end">
      <span className="sr-only">{MESSAGES_TEXTS.you}:</span>
      <div className="max-w-[85%] min-w-0 rounded-2xl rounded-br-md border border-destructive/50 bg-card px-3.5 py-2 text-[0.95rem] leading-relaxed wrap-anywhere whitespace-pre-wrap text-foreground shadow-xs sm:max-w-[70%]">
        {message.content}
      </div>
      <span className="mt-0.5 flex flex-wrap items-center justify-end gap-x-1.5 px-1 text-xs">
        <span className="flex items-center gap-1 font-medium text-destructive">
          <CircleAlertIcon aria-hidden="true" className="size-3.5" />
          {MESSAGES_TEXTS.notSent}
        </span>
        {Number.isNaN(at.getTime()) ? null : (
          <time className="text-muted-foreground" dateTime={at.toISOString()}>
            · {messageTime(at)}
          </time>
        )}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7! px-2! font-semibold text-primary"
          aria-label={MESSAGES_TEXTS.retrySendLabel}
          onClick={onRetry}
        >
          <RefreshCwIcon aria-hidden="true" className="size-3.5" />
          {MESSAGES_TEXTS.retrySend}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7! px-2! text-muted-foreground"
          aria-label={MESSAGES_TEXTS.discardUnsentLabel}
          onClick={onDiscard}
        >
          {MESSAGES_TEXTS.discardUnsent}
        </Button>
      </span>
    </li>
  );
}
