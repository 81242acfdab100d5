import { Label, NativeSelect } from '@yardsale/ui';

import { useViewerLocation } from '../../lib/viewer-location';
import { LocationChip } from './location-chip';
import { CHIP_TEXTS } from './location-chip-text';

type ListingOrder = 'newest' | 'distance';

/**
 * Where results are measured from, and their order: nearest first is offered once a location is
 * set (it means nothing without one).
 */
export function LocationBar({
  sort,
  onSortChange,
}: {
  sort: ListingOrder;
  onSortChange: (sort: ListingOrder) => void;
}) {
  const { location } = useViewerLocation();
  return (
    <div className="-mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:-mt-3">
      <LocationChip />
      {location ? (
        <div className="flex items-center gap-2">
          <Label htmlFor="home-sort" className="text-sm whitespace-nowrap text-muted-foreground">
            {CHIP_TEXTS.sortLabel}
          </Label>
          <NativeSelect
            id="home-sort"
            value={sort}
            onChange={(event) =>
              onSortChange(event.target.value === 'distance' ? 'distance' : 'newest')
            }
            className="h-9! w-auto"
          >
            <option value="newest">{CHIP_TEXTS.newestFirst}</option>
            <option value="distance">{CHIP_TEXTS.nearestFirst}</option>
          </NativeSelect>
        </div>
      ) : null}
    </div>
  );
}
