import type { Category, ListingSummary, SalesBetweenInput } from '@yardsale/validators';

import type { AppTRPC } from '../../lib/trpc';
import type { ViewerLocation } from '../../lib/viewer-location';
import type { SaleDays } from './sale-days';

/** Where to measure from and how far to look, as salesBetween takes it. */
function nearInput(
  location: ViewerLocation | null,
): Pick<SalesBetweenInput, 'near' | 'radiusMiles'> {
  if (!location) return {};
  return {
    near: { latitude: location.latitude, longitude: location.longitude },
    radiusMiles: location.radiusMiles,
  };
}

interface SalesFilters {
  search?: string;
  category?: Category;
}

/** Today's and the weekend's garage sales, by the viewer's own calendar, around their place. */
export function salesQueries(
  trpc: AppTRPC,
  days: SaleDays,
  location: ViewerLocation | null,
  filters: SalesFilters = {},
) {
  const near = {
    ...nearInput(location),
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.category ? { category: filters.category } : {}),
  };
  return {
    today: trpc.listings.salesBetween.queryOptions({ from: days.today, to: days.today, ...near }),
    weekend: trpc.listings.salesBetween.queryOptions({ ...days.weekend, ...near }),
  };
}

/**
 * Garage sales only (docs/product/rules.md#live-sales-now); the server already answers with nothing
 * else.
 */
export function onlySales(listings: ListingSummary[]): ListingSummary[] {
  return listings.filter((listing) => listing.listingType === 'garage-sale');
}

/** Nearest first when distances are known; sales that could not be measured keep their order, last. */
export function nearestFirst(listings: readonly ListingSummary[]): ListingSummary[] {
  return listings
    .map((listing, index) => ({ listing, index }))
    .sort((a, b) => {
      const da = a.listing.distanceMiles;
      const db = b.listing.distanceMiles;
      if (da === null && db === null) return a.index - b.index;
      if (da === null) return 1;
      if (db === null) return -1;
      return da - db || a.index - b.index;
    })
    .map(({ listing }) => listing);
}
