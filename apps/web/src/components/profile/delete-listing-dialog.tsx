import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog, toast } from '@yardsale/ui';

import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { LISTING_TEXTS } from '../listings/listing-texts';

/** Asks before deleting one of the seller's own listings; stays open if the server refuses. */
export function DeleteListingDialog({
  listing,
  onClose,
}: {
  /** The listing being asked about, or null when the dialog is closed. */
  listing: { id: number; title: string } | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const remove = useMutation(
    trpc.listings.delete.mutationOptions({
      onSuccess: async () => {
        onClose();
        toast({ variant: 'success', title: LISTING_TEXTS.deletedTitle });
        // Its saves go with it, so saved lists change too.
        await Promise.all([
          queryClient.invalidateQueries(trpc.listings.pathFilter()),
          queryClient.invalidateQueries(trpc.saved.pathFilter()),
        ]);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: LISTING_TEXTS.deleteFailedTitle,
          description: serverMessage(error),
        });
      },
    }),
  );

  return (
    <ConfirmDialog
      open={listing !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={listing ? `Delete “${listing.title}”?` : 'Delete this listing?'}
      description={LISTING_TEXTS.deleteConfirm}
      confirmLabel="Delete listing"
      destructive
      pending={remove.isPending}
      onConfirm={() => {
        if (listing) remove.mutate({ id: listing.id });
      }}
    />
  );
}
