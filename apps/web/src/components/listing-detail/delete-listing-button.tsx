import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Button, toast } from '@yardsale/ui';
import { ShieldAlertIcon, Trash2Icon } from 'lucide-react';
import { Suspense, useState } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';
import { serverMessage } from '../../lib/errors';
import { loadOnIntent } from '../../lib/load-on-intent';
import { useTRPC } from '../../lib/trpc';
import { LISTING_TEXTS } from '../listings/listing-texts';

// The dialog code loads when a delete is first asked for, not with every listing page.
const loadConfirmDialog = () => import('./confirm-dialog-module');
const ConfirmDialog = lazyPiece(loadConfirmDialog);

/**
 * Deletes the listing after a confirmation: its owner's Delete, or the admin's Admin Delete on
 * someone else's listing. Either way the listing, its photos, saves and conversations go.
 */
export function DeleteListingButton({
  listingId,
  as,
}: {
  listingId: number;
  as: 'owner' | 'admin';
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [wanted, setWanted] = useState(false);

  const remove = useMutation(
    trpc.listings.delete.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await navigate({ to: '/home' });
        queryClient.removeQueries({ queryKey: trpc.listings.byId.queryKey({ id: listingId }) });
        void queryClient.invalidateQueries(trpc.listings.pathFilter());
        void queryClient.invalidateQueries(trpc.saved.pathFilter());
        toast({ variant: 'success', title: LISTING_TEXTS.deletedTitle });
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

  const admin = as === 'admin';
  return (
    <>
      <Button
        type="button"
        variant="outlineDanger"
        {...loadOnIntent(loadConfirmDialog)}
        onClick={() => {
          setWanted(true);
          setConfirming(true);
        }}
      >
        {admin ? <ShieldAlertIcon aria-hidden="true" /> : <Trash2Icon aria-hidden="true" />}
        {admin ? 'Admin Delete' : 'Delete'}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={admin ? 'Delete this listing as admin?' : 'Delete this listing?'}
            description={LISTING_TEXTS.deleteConfirm}
            confirmLabel="Delete listing"
            destructive
            pending={remove.isPending}
            onConfirm={() => remove.mutate({ id: listingId })}
          />
        </Suspense>
      ) : null}
    </>
  );
}
