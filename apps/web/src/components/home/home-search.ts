import { CATEGORIES } from '@yardsale/validators';
import type { Category, ListingType } from '@yardsale/validators';
import { z } from 'zod';

/**
 * The home screen's address: the tab (spec: `section`, default items), and the search and
 * category, so going back to home from a listing keeps what the person was looking at.
 * Anything unreadable is dropped rather than refused.
 */
export const HOME_SECTIONS = ['items', 'sales'] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

export const homeSearchSchema = z.object({
  section: z.enum(HOME_SECTIONS).optional().catch(undefined),
  q: z.string().max(200).optional().catch(undefined),
  category: z.enum(CATEGORIES).optional().catch(undefined),
});
export type HomeSearch = z.infer<typeof homeSearchSchema>;

export const LISTING_TYPE_OF_SECTION: Readonly<Record<HomeSection, ListingType>> = {
  items: 'single-item',
  sales: 'garage-sale',
};

/** Cards fetched per page of a carousel: a screenful on a wide display, and a bit more. */
export const CAROUSEL_PAGE_SIZE = 12;

export interface HomeFilters {
  search?: string;
  category?: Category;
}

export function listingsQueryInput(section: HomeSection, filters: HomeFilters) {
  const search = filters.search?.trim();
  return {
    listingType: LISTING_TYPE_OF_SECTION[section],
    search: search ? search : undefined,
    category: filters.category,
    limit: CAROUSEL_PAGE_SIZE,
  };
}
