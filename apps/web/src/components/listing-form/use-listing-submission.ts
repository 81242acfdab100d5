import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '@yardsale/ui';
import { UI_TEXT } from '@yardsale/validators';
import type { ListingInput, ListingValues } from '@yardsale/validators';
import { useRef, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';

import { PhotoCompressionError } from '../../lib/compress-photo';
import { applyServerFieldErrors, serverMessage } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { UploadCancelledError } from '../../lib/upload';
import type { ListingDetail } from '../../lib/upload';
import { useUnmountSignal } from '../../lib/use-unmount-signal';
import { LISTING_FORM_FIELDS, browserTimeZone } from './listing-form-values';
import { LISTING_FORM_TEXTS as T } from './listing-form-texts';
import { createListingWithPhotos, uploadListingPhotos } from './listing-uploads';
import type { ListingPhotos } from './use-listing-photos';

interface ListingSubmission {
  submit: (values: ListingValues) => Promise<void>;
  /** Percent of the photos sent, while sending; null otherwise. */
  progress: number | null;
  /** Cancel Request: stops what is under way and goes home. */
  cancel: () => void;
}

/**
 * Sends the form: a new listing and its photos in one request, or an edit's details and then its
 * new photos. Progress shows while photos travel; a refusal keeps every value and photo and puts
 * the server's messages on their fields.
 */
export function useListingSubmission({
  listing,
  photos,
  setError,
}: {
  /** The listing being edited; null for a new one. */
  listing: ListingDetail | null;
  photos: ListingPhotos;
  setError: UseFormSetError<ListingInput>;
}): ListingSubmission {
  const trpc = useTRPC();
  const trpcClient = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const request = useRef<AbortController | null>(null);
  const unmountSignal = useUnmountSignal();

  /** Both are created, or neither. */
  const publish = async (values: ListingValues, signal: AbortSignal) => {
    const files = await photos.prepareForUpload();
    if (signal.aborted) throw new UploadCancelledError();
    setProgress(0);
    const { timeZone: _ignored, ...fields } = values;
    const created = await createListingWithPhotos(fields, browserTimeZone(), files, {
      signal,
      onProgress: setProgress,
    });
    return { id: created.id, placed: created.location !== null };
  };

  /** Saves the details, then uploads the photos added in this visit. */
  const saveChanges = async (
    current: ListingDetail,
    values: ListingValues,
    signal: AbortSignal,
  ) => {
    // The sale's times are wall-clock times where it takes place: keep the zone it was listed in.
    const updated = await trpcClient.listings.update.mutate(
      { id: current.id, listing: { ...values, timeZone: current.timeZone } },
      { signal },
    );
    const detailKey = trpc.listings.byId.queryKey({ id: current.id });
    queryClient.setQueryData(detailKey, updated);
    const placed = updated.location !== null;
    if (photos.added.length === 0) return { id: current.id, placed };

    const files = await photos.prepareForUpload();
    if (signal.aborted) throw new UploadCancelledError();
    setProgress(0);
    const withPhotos = await uploadListingPhotos(current.id, files, {
      signal,
      onProgress: setProgress,
    });
    queryClient.setQueryData(detailKey, withPhotos);
    return { id: current.id, placed };
  };

  const submit = async (values: ListingValues) => {
    const isEdit = listing !== null;
    // Leaving the form does not stop the request; it only keeps its outcome from pulling the
    // person back here.
    const left = unmountSignal();
    const controller = new AbortController();
    request.current = controller;
    const photoCount = photos.added.length;
    toast({
      title: isEdit ? T.updatingTitle : T.creatingTitle,
      description: photoCount > 0 ? T.uploadingDescription(photoCount) : T.savingDescription,
      duration: Infinity,
    });

    try {
      const { id, placed } = listing
        ? await saveChanges(listing, values, controller.signal)
        : await publish(values, controller.signal);
      void queryClient.invalidateQueries(trpc.listings.pathFilter());
      void queryClient.invalidateQueries(trpc.saved.pathFilter());
      toast({
        variant: 'success',
        title: isEdit ? T.updatedTitle : T.createdTitle,
        // Published all the same; the seller learns the map could not place it, with time to read.
        ...(placed
          ? { description: isEdit ? T.updatedDescription : T.createdDescription }
          : { description: UI_TEXT.listing.locationNotFound, duration: 15_000 }),
      });
      if (!left.aborted) await navigate({ to: '/listing/$id', params: { id: String(id) } });
    } catch (error) {
      if (isEdit) void queryClient.invalidateQueries(trpc.listings.pathFilter());
      if (controller.signal.aborted || error instanceof UploadCancelledError) {
        toast({ title: T.cancelledTitle, description: T.cancelledDescription });
        if (!left.aborted) await navigate({ to: '/home' });
        return;
      }
      applyServerFieldErrors(error, setError, LISTING_FORM_FIELDS);
      toast({
        variant: 'destructive',
        title: isEdit ? T.updateFailedTitle : T.createFailedTitle,
        description:
          serverMessage(error) ??
          (error instanceof PhotoCompressionError ? error.message : T.failedFallback),
      });
    } finally {
      request.current = null;
      setProgress(null);
    }
  };

  return { submit, progress, cancel: () => request.current?.abort() };
}
