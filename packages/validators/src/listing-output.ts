import { z } from './zod';

import { CATEGORIES, LISTING_TYPES, PRICE_RANGES } from './constants';

/** A listing's photo as the API returns it: a card-size and a detail-size WebP. */
export const listingImageSchema = z.object({
  id: z.number().int(),
  listingId: z.number().int(),
  imageUrl: z.string(),
  thumbnailUrl: z.string(),
  isPrimary: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: z.date(),
});
export type ListingImage = z.output<typeof listingImageSchema>;

/** The seller as listings show them. */
export const listingSellerSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  /** The seller's average review rating to a tenth; null before their first review. */
  averageRating: z.number().nullable(),
  totalReviews: z.number().int(),
});
export type ListingSeller = z.output<typeof listingSellerSchema>;

/** A listing's fields (docs/product/data.md#entities), plus the instant the listing ends. */
export const listingFieldsOutputSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(CATEGORIES),
  listingType: z.enum(LISTING_TYPES),
  priceRange: z.enum(PRICE_RANGES),
  address: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  timeZone: z.string(),
  endsAt: z.date(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

/**
 * Where a listing is on the map. `approximate` unless the seller placed the pin: the point is then the
 * centre of the address's ZIP or town, and is shown as approximate (decision 064).
 */
export const listingLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  approximate: z.boolean(),
});
export type ListingLocation = z.output<typeof listingLocationSchema>;

/** A listing in a list (browse, search, profiles, saved): its cover photo and seller. */
export const listingSummarySchema = listingFieldsOutputSchema.extend({
  /** Null when the address could not be placed and the seller has not placed the pin. */
  location: listingLocationSchema.nullable(),
  /** Miles from the point the search gave (`near`), to a tenth; null without one. */
  distanceMiles: z.number().nullable(),
  primaryImage: listingImageSchema
    .pick({ imageUrl: true, thumbnailUrl: true, width: true, height: true })
    .nullable(),
  imageCount: z.number().int(),
  user: listingSellerSchema,
  /** True once the listing has ended; only its owner ever sees such a listing. */
  isExpired: z.boolean(),
});
export type ListingSummary = z.output<typeof listingSummarySchema>;

/** The detail view: every photo, first one primary. */
export const listingDetailSchema = listingSummarySchema.extend({
  images: z.array(listingImageSchema),
});
export type ListingDetail = z.output<typeof listingDetailSchema>;

export const listingPageSchema = z.object({
  items: z.array(listingSummarySchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ListingPage = z.output<typeof listingPageSchema>;

export const listingStatsSchema = z.object({
  total: z.number().int(),
  singleItems: z.number().int(),
  garageSales: z.number().int(),
});
export type ListingStats = z.output<typeof listingStatsSchema>;

/**
 * Listings of each type a search finds, counted up to LISTING_COUNT_LIMIT + 1: a count above the
 * limit means "more than" it.
 */
export const listingCountsSchema = z.object({
  singleItems: z.number().int().min(0),
  garageSales: z.number().int().min(0),
});
export type ListingCounts = z.output<typeof listingCountsSchema>;

/** A new listing; `location` null means its address was not found on the map (it is published anyway). */
export const createdListingSchema = z.object({
  id: z.number().int(),
  location: listingLocationSchema.nullable(),
});

export const savedStateSchema = z.object({ isSaved: z.boolean() });

/** A seller's public page. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  createdAt: z.date(),
});
export type PublicUser = z.output<typeof publicUserSchema>;
