import { UserAvatar, cn } from '@yardsale/ui';
import { UI_TEXT } from '@yardsale/validators';

import { formatClock, formatDate } from '../../lib/format';
import type { ClosedConversation } from './closed-conversations';
import type { ConversationSummary } from './conversation-cache';
import { ListingThumb } from './listing-thumb';
import {
  conversationTitle,
  otherParty,
  participantInitials,
  participantName,
} from './conversation-cache';

/** A message's time: the hour today, otherwise the day too. */
export function messageTime(date: Date): string {
  const today = new Date();
  return date.toDateString() === today.toDateString()
    ? formatClock(date)
    : formatDate(date, { zone: 'local', month: 'short', time: true });
}

function shortTime(date: Date): string {
  const today = new Date();
  return date.toDateString() === today.toDateString()
    ? formatClock(date)
    : formatDate(date, { zone: 'local', month: 'short' });
}

export function ConversationList({
  conversations,
  closed,
  myId,
  selectedId,
  onSelect,
}: {
  conversations: ConversationSummary[];
  /** Those closed while shown: their line says why instead of the last message. */
  closed: ReadonlyMap<number, ClosedConversation>;
  myId: number;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <ul aria-label="Conversations" className="flex flex-col divide-y">
      {conversations.map((conversation) => {
        const person = otherParty(conversation, myId);
        const name = participantName(person);
        const unread = conversation.unreadCount;
        const last = conversation.lastMessage;
        const selected = conversation.id === selectedId;
        const closedReason = closed.get(conversation.id)?.reason;
        return (
          <li key={conversation.id}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(conversation.id)}
              className={cn(
                'flex w-full cursor-pointer items-center gap-3 px-3 py-2.5 text-left transition-colors sm:px-4 sm:py-3',
                // A tint alone is too faint to find the keyboard's place: the ring is drawn inside.
                'focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none focus-visible:ring-inset',
                selected ? 'bg-brand-50' : 'hover:bg-accent',
              )}
            >
              {conversation.listing ? (
                // The listing's photo says what the conversation is about; the person's face sits on its corner.
                <span className="relative shrink-0">
                  <ListingThumb
                    photoUrl={conversation.listing.photoUrl}
                    alt=""
                    className="size-12 rounded-lg"
                  />
                  <UserAvatar
                    src={person.profilePicture}
                    name={name}
                    size="xs"
                    framed
                    className="absolute! -right-1.5 -bottom-1.5 ring-2!"
                  />
                </span>
              ) : (
                <UserAvatar
                  src={person.profilePicture}
                  name={name}
                  initials={participantInitials(person)}
                  className="size-12!"
                />
              )}
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span
                    className={cn('flex-1 truncate', unread > 0 ? 'font-bold' : 'font-semibold')}
                  >
                    {name}
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">
                    {shortTime(conversation.lastMessageAt)}
                  </span>
                </span>
                <span className="block truncate text-xs font-medium text-brand-700">
                  {conversationTitle(conversation)}
                </span>
                <span className="flex items-center gap-2">
                  <span
                    className={cn(
                      'flex-1 truncate text-sm',
                      unread > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
                    )}
                  >
                    {closedReason
                      ? UI_TEXT.conversation.closed[closedReason]
                      : last
                        ? `${last.senderId === myId ? 'You: ' : ''}${last.content}`
                        : 'No messages yet'}
                  </span>
                  {unread > 0 ? (
                    <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-blue-600 px-1.5 text-xs leading-5 font-semibold text-white">
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
