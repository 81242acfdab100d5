import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, ConfirmDialog, UserAvatar, cn, toast } from '@yardsale/ui';
import type { ConversationClosedReason } from '@yardsale/validators';
import { UI_TEXT } from '@yardsale/validators';
import {
  ArrowLeftIcon,
  ChevronRightIcon,
  CircleSlashIcon,
  LockIcon,
  Trash2Icon,
} from 'lucide-react';
import { Suspense, useState } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';
import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import type { ConversationSummary } from './conversation-cache';
import {
  conversationTitle,
  isReadOnlyFor,
  otherParty,
  participantInitials,
  participantName,
  removeConversationFromCache,
} from './conversation-cache';
import { Composer } from './message-composer';
import { MessageList } from './message-list';
import { ListingThumb } from './listing-thumb';
import { MESSAGES_TEXTS } from './messages-texts';

// Loaded only once a message is sent, so the messages screen itself does not grow.
const PushPrompt = lazyPiece(() =>
  import('../push-prompt').then((m) => ({ default: m.PushPrompt })),
);

export function MessageThread({
  conversation,
  closedReason,
  myId,
  onBack,
  onDeleted,
}: {
  conversation: ConversationSummary;
  /** Set once the conversation closed (its listing went): the thread says why, replies are shut. */
  closedReason?: ConversationClosedReason;
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
            // A closed conversation is already gone on the server: removing it only tidies this list.
            onClick={() => (closedReason ? onDeleted() : setConfirmOpen(true))}
          >
            <Trash2Icon aria-hidden="true" className="size-5" />
          </Button>
        </div>
        {conversation.listing ? (
          <ListingStrip listing={conversation.listing} linked={!closedReason} />
        ) : null}
      </header>

      <MessageList
        conversation={conversation}
        myId={myId}
        otherName={name}
        closed={closedReason !== undefined}
      />

      {/* Announced as it appears: the reader may be mid-reply when the listing goes. */}
      <div role="status" className="bg-muted/30 px-3 sm:px-4">
        {closedReason ? (
          <p className="mx-auto mb-3 flex w-fit max-w-full items-center gap-2 rounded-full bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 ring-1 ring-amber-600/25">
            <CircleSlashIcon aria-hidden="true" className="size-4 shrink-0" />
            {UI_TEXT.conversation.closed[closedReason]}
          </p>
        ) : null}
      </div>

      {closedReason ? (
        <p className="flex items-center justify-center gap-2 border-t px-4 py-3 text-center text-sm text-muted-foreground">
          <LockIcon aria-hidden="true" className="size-4 shrink-0" />
          {UI_TEXT.conversation.closedComposer[closedReason]}
        </p>
      ) : readOnly ? (
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
function ListingStrip({
  listing,
  linked,
}: {
  listing: NonNullable<ConversationSummary['listing']>;
  /** A listing that is gone has no page to open. */
  linked: boolean;
}) {
  return (
    <div
      className={cn(
        'relative flex items-center gap-3 border-t bg-muted/40 px-3 py-2 sm:px-4',
        linked && 'transition-colors hover:bg-accent',
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
          {linked ? (
            <Link
              to="/listing/$id"
              params={{ id: String(listing.id) }}
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {listing.title}
            </Link>
          ) : (
            listing.title
          )}
        </p>
        <p className="text-sm text-muted-foreground">
          <span className="sr-only">{MESSAGES_TEXTS.priceRangeLabel} </span>
          {listing.priceRange}
        </p>
      </div>
      {linked ? (
        <ChevronRightIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      ) : null}
    </div>
  );
}
