import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog, toast } from '@yardsale/ui';
import type { ListingImage } from '@yardsale/validators';
import { CameraIcon } from 'lucide-react';
import { useState } from 'react';

import { serverMessage } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import type { ListingDetail } from '../../lib/upload';
import { FormSection } from './form-section';
import { LISTING_FORM_TEXTS } from './listing-form-texts';
import { PhotoPicker } from './photo-picker';
import type { ListingPhotos } from './use-listing-photos';

const T = LISTING_FORM_TEXTS.photos;

/**
 * The listing's photos: those already on it (when editing) and those chosen now. A photo already on
 * the listing is removed at once, after a confirmation; chosen ones travel with the form.
 */
export function PhotosSection({
  listing,
  photos,
  disabled,
}: {
  listing: ListingDetail | null;
  photos: ListingPhotos;
  disabled: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [photoToRemove, setPhotoToRemove] = useState<ListingImage | null>(null);

  const removeImage = useMutation(
    trpc.listings.removeImage.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.listings.byId.queryKey({ id: updated.id }), updated);
        void queryClient.invalidateQueries(trpc.listings.pathFilter());
        setPhotoToRemove(null);
      },
      onError: (error) => {
        setPhotoToRemove(null);
        toast({
          variant: 'destructive',
          title: LISTING_FORM_TEXTS.updateFailedTitle,
          description: serverMessage(error) ?? LISTING_FORM_TEXTS.failedFallback,
        });
      },
    }),
  );

  return (
    <FormSection id="photos" icon={CameraIcon} title={T.title} description={T.description}>
      <PhotoPicker
        existing={listing?.images ?? []}
        added={photos.added}
        checking={photos.checking}
        onAdd={(files) => void photos.add(files)}
        onRemoveAdded={photos.remove}
        onRemoveExisting={setPhotoToRemove}
        removingImageId={removeImage.isPending ? (photoToRemove?.id ?? null) : null}
        disabled={disabled}
      />
      <ConfirmDialog
        open={photoToRemove !== null}
        onOpenChange={(open) => {
          if (!open) setPhotoToRemove(null);
        }}
        title={T.removeTitle}
        description={T.removeDescription}
        confirmLabel={T.removeAction}
        destructive
        pending={removeImage.isPending}
        onConfirm={() => {
          if (listing && photoToRemove) {
            removeImage.mutate({ listingId: listing.id, imageId: photoToRemove.id });
          }
        }}
      />
    </FormSection>
  );
}
