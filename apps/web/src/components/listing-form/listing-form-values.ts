import { listingSchema, saleTimingIssues } from '@yardsale/validators';
import type { ListingInput, ListingValues } from '@yardsale/validators';
import { useFormContext } from 'react-hook-form';
import type { DefaultValues } from 'react-hook-form';

import type { ListingDetail } from '../../lib/upload';

export type ListingFormProps = { mode: 'create' } | { mode: 'edit'; listing: ListingDetail };

/** The fields the form shows, for putting the server's messages on them. */
export const LISTING_FORM_FIELDS = [
  'title',
  'description',
  'listingType',
  'category',
  'priceRange',
  'address',
  'startDate',
  'endDate',
  'startTime',
  'endTime',
  'contactPhone',
  'contactEmail',
] as const satisfies readonly (keyof ListingInput)[];

/** Dates and times belong to garage sales only; switching to a single item clears them. */
export const SALE_FIELDS = ['startDate', 'endDate', 'startTime', 'endTime'] as const;

export function initialValues(props: ListingFormProps): DefaultValues<ListingInput> {
  if (props.mode === 'create') {
    return {
      title: '',
      description: '',
      listingType: 'garage-sale',
      category: '',
      // No price range until one is chosen: the select shows its placeholder.
      priceRange: undefined,
      address: '',
      startDate: '',
      endDate: '',
      startTime: '',
      endTime: '',
      contactPhone: '',
      contactEmail: '',
    };
  }
  const { listing } = props;
  return {
    title: listing.title,
    description: listing.description ?? '',
    listingType: listing.listingType,
    category: listing.category,
    priceRange: listing.priceRange,
    address: listing.address,
    startDate: listing.startDate ?? '',
    endDate: listing.endDate ?? '',
    startTime: listing.startTime ?? '',
    endTime: listing.endTime ?? '',
    contactPhone: listing.contactPhone ?? '',
    contactEmail: listing.contactEmail ?? '',
  };
}

/** The browser's IANA time zone: garage-sale times are the seller's local wall-clock times. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Where the sale takes place: the zone it was listed in, or this device's for a new one. */
export function saleTimeZone(props: ListingFormProps): string {
  return props.mode === 'edit' ? props.listing.timeZone : browserTimeZone();
}

/**
 * The server's rules, plus the one it checks against its clock: a sale is published for the future.
 * Checked here by this device's clock in the sale's zone, so the message shows before anything is sent.
 */
export function formSchema(props: ListingFormProps) {
  const timeZone = saleTimeZone(props);
  const previous = props.mode === 'edit' ? props.listing : null;
  return listingSchema.superRefine((values, ctx) => {
    for (const issue of saleTimingIssues({ ...values, timeZone }, new Date(), previous)) {
      ctx.addIssue({ code: 'custom', ...issue });
    }
  });
}

/** The form's state, for its sections. */
export function useListingFormContext() {
  return useFormContext<ListingInput, unknown, ListingValues>();
}
