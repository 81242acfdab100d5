import { LISTING_COUNT_LIMIT } from '@yardsale/validators';

import { formatCount as formatNumber } from '../../lib/format';

/**
 * The words for browsing, saving and deleting listings (docs/product/texts.md), used verbatim.
 * They belong with the other user-facing texts in @yardsale/validators' UI_TEXT once that package
 * carries listing toasts; until then this is their one place in the web app.
 */
export const LISTING_TEXTS = {
  noImage: 'No image',
  imageUnavailable: 'Image unavailable',
  expired: 'Expired',
  savedTitle: 'Listing saved',
  saveFailedTitle: 'Save failed',
  removedTitle: 'Listing removed',
  removeFailedTitle: 'Remove failed',
  deletedTitle: 'Listing deleted',
  deleteFailedTitle: "Couldn't delete listing",
  deleteConfirm:
    'Are you sure you want to delete this listing? This action cannot be undone and will remove all related conversations.',
  swipeHint: 'Swipe to see more',
  scrollBack: (row: string) => `Previous listings in ${row}`,
  scrollForward: (row: string) => `Next listings in ${row}`,
} as const;

export const HOME_TEXTS = {
  noItemsTitle: 'No Single Items Found',
  noItemsAction: 'List an Item',
  noSalesTitle: 'No Garage Sales Found',
  noSalesAction: 'Create Garage Sale',
  noListingsTitle: 'No listings found',
  noListingsAction: 'Create Your First Listing',
  filteredHint: 'Try adjusting your search or filter criteria',
  firstItemHint: 'Be the first to list an item in your area!',
  firstSaleHint: 'Be the first to post a garage sale in your area!',
  /** An empty tab whose search finds listings in the other tab. */
  otherTabOffer: (section: 'items' | 'sales', search: string | undefined, count: number) =>
    `No ${section === 'items' ? 'single items' : 'garage sales'} match ${search ? `“${search}”` : 'these filters'} — ${formatCount(count)} ${section === 'items' ? 'garage sale' : 'single item'}${count === 1 ? ' does' : 's do'}.`,
  showOtherTab: (section: 'items' | 'sales') =>
    section === 'items' ? 'Show garage sales' : 'Show single items',
} as const;

/** A tab's count; counts stop past LISTING_COUNT_LIMIT, which reads "1,000+". */
export function formatCount(count: number): string {
  return count > LISTING_COUNT_LIMIT
    ? `${formatNumber(LISTING_COUNT_LIMIT)}+`
    : formatNumber(count);
}

export const LIVE_SALES_TEXTS = {
  noneToday: 'No sales happening today',
  noneThisWeekend: 'No sales this weekend',
  postAction: 'Post Your Sale',
} as const;

export const SELLER_TEXTS = {
  notFoundTitle: 'User Not Found',
  notFoundDescription: "The user you're looking for doesn't exist.",
  goBack: 'Go Back',
  activeMember: 'Active Member',
} as const;
