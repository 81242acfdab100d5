import { toast } from '@yardsale/ui';
import { MAX_PHOTOS_PER_LISTING, MAX_PHOTO_BYTES, UI_TEXT } from '@yardsale/validators';
import { useState } from 'react';

import { checkChosenPhoto } from '../../lib/chosen-photo';
import { compressPhoto } from '../../lib/compress-photo';
import { useUnmountSignal } from '../../lib/use-unmount-signal';
import type { NewPhoto } from './photo-picker';

let photoCounter = 0;
function newPhoto(file: File): NewPhoto {
  photoCounter += 1;
  return { key: `photo-${photoCounter}`, file };
}

export interface ListingPhotos {
  /** Chosen in this visit to the form, in order, not yet sent. */
  added: readonly NewPhoto[];
  /** True while newly picked files are being opened to check they are images. */
  checking: boolean;
  add: (files: File[]) => Promise<void>;
  remove: (key: string) => void;
  /**
   * The chosen photos as they are sent: large ones re-encoded smaller
   * (docs/product/rules.md#limits-and-timings).
   */
  prepareForUpload: () => Promise<File[]>;
}

/**
 * The photos chosen for a listing. Each picked file is checked before it becomes a tile: one that
 * is not an image, too large or over the limit of 5 is refused with a toast, and the others stay.
 */
export function useListingPhotos(photosOnListing: number): ListingPhotos {
  const [added, setAdded] = useState<readonly NewPhoto[]>([]);
  const [checking, setChecking] = useState(false);
  const unmountSignal = useUnmountSignal();

  const add = async (files: File[]) => {
    const left = unmountSignal();
    // Picking is paused while checking, so only a removal can change the room meanwhile: more room.
    const room = MAX_PHOTOS_PER_LISTING - photosOnListing - added.length;
    const accepted: File[] = [];
    let problem: { title: string; description?: string } | null = null;
    setChecking(true);
    try {
      // One at a time: a decoded phone photo holds tens of megabytes.
      for (const file of files) {
        if (left.aborted) return;
        const refusal = await checkChosenPhoto(file, MAX_PHOTO_BYTES);
        if (refusal) problem ??= refusal;
        else accepted.push(file);
      }
    } finally {
      setChecking(false);
    }
    if (left.aborted) return;
    if (accepted.length > room) {
      accepted.length = Math.max(0, room);
      problem ??= { title: UI_TEXT.listing.tooManyPhotos };
    }
    if (problem) toast({ variant: 'destructive', ...problem });
    if (accepted.length > 0) setAdded((current) => [...current, ...accepted.map(newPhoto)]);
  };

  return {
    added,
    checking,
    add,
    remove: (key) => setAdded((current) => current.filter((photo) => photo.key !== key)),
    prepareForUpload: () => Promise.all(added.map((photo) => compressPhoto(photo.file))),
  };
}
