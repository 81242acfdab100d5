import { CATEGORIES } from '@yardsale/validators';
import type { Category, ListingType } from '@yardsale/validators';

import { oneOf, textUpTo } from '../../lib/search-params';

/**
 * The home screen's address: the tab (`section`, default items: docs/product/screens.md#home), and
 * the search and category, so going back to home from a listing keeps what the person was looking
 * at. Anything unreadable is dropped rather than refused.
 */
export const HOME_SECTIONS = ['items', 'sales'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

export const HOME_SORTS = ['newest', 'distance'] as const;
export type HomeSort = (typeof HOME_SORTS)[number];

export interface HomeSearch {
  section?: HomeSection;
  q?: string;
  category?: Category;
  /** 'distance' applies only while the viewer has set a location. */
  sort?: HomeSort;
}

export function readHomeSearch(search: Record<string, unknown>): HomeSearch {
  return {
    section: oneOf(HOME_SECTIONS, search.section),
    q: textUpTo(200, search.q),
    category: oneOf(CATEGORIES, search.category),
    sort: oneOf(HOME_SORTS, search.sort),
  };
}

export const LISTING_TYPE_OF_SECTION: Readonly<Record<HomeSection, ListingType>> = {
  items: 'single-item',
  sales: 'garage-sale',
};

/** How far below the screen the next category rows, or the next page of a grid, start loading. */
export const LOAD_AHEAD_PX = 300;

/** Cards fetched per page of a carousel: a screenful on a wide display, and a bit more. */
const CAROUSEL_PAGE_SIZE = 12;

/** Where results are measured from: the viewer's location, kept on the device. */
export interface HomeNearby {
  latitude: number;
  longitude: number;
  radiusMiles: number;
}

export interface HomeFilters {
  search?: string;
  category?: Category;
  nearby?: HomeNearby | null;
  sort?: HomeSort;
}

/** The listings request; everything in it is in the query key, so a change refetches. */
export function listingsQueryInput(section: HomeSection, filters: HomeFilters) {
  const search = filters.search?.trim();
  const nearby = filters.nearby ?? undefined;
  return {
    listingType: LISTING_TYPE_OF_SECTION[section],
    search: search ? search : undefined,
    category: filters.category,
    limit: CAROUSEL_PAGE_SIZE,
    near: nearby ? { latitude: nearby.latitude, longitude: nearby.longitude } : undefined,
    radiusMiles: nearby?.radiusMiles,
    sort: nearby && filters.sort === 'distance' ? ('distance' as const) : undefined,
  };
}

/**
 * The tabs' counts for the same search: its words, category and place, not its tab or page, so
 * switching tabs asks nothing new.
 */
export function countsQueryInput(filters: HomeFilters) {
  const { listingType: _type, limit: _limit, ...search } = listingsQueryInput('items', filters);
  return search;
}
