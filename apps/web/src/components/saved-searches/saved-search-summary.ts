import { CATEGORIES } from '@yardsale/validators';
import type { SavedSearch } from '@yardsale/validators';

import type { HomeSearch } from '../home/home-search';
import { oneOf } from '../../lib/search-params';
import type { ViewerLocation } from '../../lib/viewer-location';
import { SAVED_SEARCH_TEXTS as T } from './saved-search-texts';

/** What a saved search looks for, one short phrase per filter, in the browse screen's order. */
export interface SearchFacet {
  kind: 'words' | 'category' | 'type' | 'place';
  label: string;
}

export function searchFacets(saved: SavedSearch): SearchFacet[] {
  const facets: SearchFacet[] = [];
  if (saved.search) facets.push({ kind: 'words', label: T.searchFor(saved.search) });
  if (saved.category) facets.push({ kind: 'category', label: saved.category });
  if (saved.listingType) facets.push({ kind: 'type', label: T.typeLabels[saved.listingType] });
  if (saved.near && saved.radiusMiles !== null) {
    facets.push({ kind: 'place', label: T.within(saved.radiusMiles) });
  }
  return facets;
}

/**
 * The browse screen's address for a saved search, and the place it measures from (the browse
 * screen keeps that on the device, not in its address).
 */
export function browseFor(saved: SavedSearch): {
  search: HomeSearch;
  location: ViewerLocation | null;
} {
  return {
    search: {
      q: saved.search || undefined,
      category: oneOf(CATEGORIES, saved.category),
      section:
        saved.listingType === 'garage-sale'
          ? 'sales'
          : saved.listingType === 'single-item'
            ? 'items'
            : undefined,
    },
    location:
      saved.near && saved.radiusMiles !== null
        ? {
            latitude: saved.near.latitude,
            longitude: saved.near.longitude,
            radiusMiles: saved.radiusMiles,
            label: T.placeLabel,
            source: 'place',
          }
        : null,
  };
}
