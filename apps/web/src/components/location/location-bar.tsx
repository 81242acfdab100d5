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
  compact = false,
}: {
  sort: ListingOrder;
  onSortChange: (sort: ListingOrder) => void;
  /** Beside the home tabs: pushed to the line's end, the chip only a pin on phones. */
  compact?: boolean;
}) {
  const { location } = useViewerLocation();
  return (
    <div
      className={
        compact
          ? 'ml-auto flex items-center gap-2'
          : '-mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:-mt-3'
      }
    >
      <LocationChip compact={compact} />
      {location ? (
        <div className="flex items-center gap-2">
          <Label
            htmlFor="home-sort"
            className={
              compact
                ? 'sr-only text-sm whitespace-nowrap text-muted-foreground lg:not-sr-only'
                : 'text-sm whitespace-nowrap text-muted-foreground'
            }
          >
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
