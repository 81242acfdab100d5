import { Button, cn } from '@yardsale/ui';
import type { ListingSummary } from '@yardsale/validators';
import { BookmarkIcon, BookmarkXIcon } from 'lucide-react';

import { useSaveListing } from './use-save-listing';

/** The bookmark on a listing card's photo: pressed when the listing is saved. */
export function SaveListingButton({ listing }: { listing: ListingSummary }) {
  const { isSaved, pending, toggle } = useSaveListing(listing);
  return (
    <button
      type="button"
      aria-label={`Save ${listing.title}`}
      aria-pressed={isSaved === true}
      title={isSaved ? 'Saved: tap to remove' : 'Save for later'}
      disabled={isSaved === undefined || pending}
      onClick={toggle}
      className={cn(
        'flex size-10 cursor-pointer items-center justify-center rounded-full bg-white/95 text-stone-700 shadow-md ring-1 ring-black/5 backdrop-blur transition',
        'hover:scale-105 hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        'disabled:cursor-default disabled:opacity-70 aria-pressed:text-primary',
      )}
    >
      <BookmarkIcon
        aria-hidden="true"
        className={cn('size-5', isSaved && 'fill-current')}
        strokeWidth={2.2}
      />
    </button>
  );
}

/** A labelled way to take a listing off the saved list (the saved listings page). */
export function RemoveSavedButton({ listing }: { listing: ListingSummary }) {
  const { pending, remove } = useSaveListing(listing);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={remove}
      disabled={pending}
      aria-label={`Remove ${listing.title} from saved`}
    >
      <BookmarkXIcon aria-hidden="true" />
      Remove
    </Button>
  );
}
