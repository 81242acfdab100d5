import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button, toast } from '@yardsale/ui';
import { MessageCircleIcon } from 'lucide-react';
import { useId } from 'react';

import { serverMessage } from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { VerifyBefore } from '../account/verify-before';

/** The texts for starting a conversation (docs/product/texts.md). */
const MESSAGE_TEXTS = {
  startedTitle: 'Message started',
  failedTitle: 'Failed to start conversation',
} as const;

/**
 * Opens the conversation with the seller (the existing one, or a new one) and goes to it, as
 * /messages?conversation={id}.
 */
export function MessageSellerButton({ listingId }: { listingId: number }) {
  const { emailVerified } = useCurrentUser();
  const noticeId = useId();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const start = useMutation(
    trpc.conversations.start.mutationOptions({
      onSuccess: ({ id }) => {
        toast({ variant: 'success', title: MESSAGE_TEXTS.startedTitle });
        void navigate({ to: '/messages', search: { conversation: id } });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: MESSAGE_TEXTS.failedTitle,
          description: serverMessage(error),
        });
      },
    }),
  );
  // An unconfirmed address cannot start a conversation (the server refuses it): said before writing.
  if (!emailVerified) {
    return (
      <>
        <Button type="button" size="lg" disabled aria-describedby={noticeId}>
          <MessageCircleIcon aria-hidden="true" />
          Message Seller
        </Button>
        <VerifyBefore action="message" id={noticeId} />
      </>
    );
  }
  return (
    <Button
      type="button"
      size="lg"
      loading={start.isPending}
      onClick={() => start.mutate({ listingId })}
    >
      <MessageCircleIcon aria-hidden="true" />
      Message Seller
    </Button>
  );
}
