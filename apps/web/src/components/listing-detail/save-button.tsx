import { Button } from '@yardsale/ui';
import type { ListingSummary } from '@yardsale/validators';
import { BookmarkIcon } from 'lucide-react';

import { useSaveListing } from '../listings/use-save-listing';

/**
 * Save / Saved with a label, for the listing's own page. The same toggle as the cards' bookmark:
 * shown at once, then confirmed by the server (docs/product/rules.md#states).
 */
export function SaveButton({ listing }: { listing: ListingSummary }) {
  const { isSaved, pending, toggle } = useSaveListing(listing);
  return (
    <Button
      type="button"
      variant="outline"
      aria-pressed={isSaved === true}
      disabled={isSaved === undefined || pending}
      onClick={toggle}
      className="aria-pressed:border-brand-300 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
    >
      <BookmarkIcon aria-hidden="true" className={isSaved ? 'fill-current' : undefined} />
      {isSaved ? 'Saved' : 'Save'}
    </Button>
  );
}
