import { z } from './zod';

import { CATEGORIES, LEGACY_CATEGORY_ALIASES, LISTING_TYPES, PRICE_RANGES } from './constants';
import {
  calendarDateSchema,
  decodeDistanceCursor,
  decodeListingCursor,
  idSchema,
  listingCursorSchema,
  text,
} from './input';
import { isValidTimeZone } from './listing-end';
import { saleOrderIssues } from './sale-timing';
import { UI_TEXT } from './ui-text';

const M = UI_TEXT.listing;

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

const dateString = calendarDateSchema;
const timeString = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.timeFormat);

/** Accepts the canonical categories and the old "Books" name (stored as "Books & Media"). */
export const categorySchema = text({ error: M.categoryRequired })
  .trim()
  .min(1, M.categoryRequired)
  .transform((v) => LEGACY_CATEGORY_ALIASES[v] ?? v)
  .pipe(z.enum(CATEGORIES, { error: M.categoryRequired }));

/** A point on the map (a seller's pin, a search's centre): degrees, as a device or the gazetteer gives them. */
/**
 * Degrees closer to zero than a nanodegree (a tenth of a millimetre) are zero: the distance
 * arithmetic squares a coordinate's sine, which for 5e-324 underflows and fails the query.
 */
const flushTiny = (degrees: number) => (Math.abs(degrees) < 1e-9 ? 0 : degrees);

export const latLngSchema = z.object({
  latitude: z
    .number({ error: M.latitudeRange })
    .min(-90, M.latitudeRange)
    .max(90, M.latitudeRange)
    .transform(flushTiny),
  longitude: z
    .number({ error: M.longitudeRange })
    .min(-180, M.longitudeRange)
    .max(180, M.longitudeRange)
    .transform(flushTiny),
});
export type LatLngInput = z.output<typeof latLngSchema>;

/** Shape of the listing form; garage-sale fields are checked by the refinement below. */
const listingFields = z.object({
  title: text({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(120),
  description: optionalText(5000),
  category: categorySchema,
  listingType: z.enum(LISTING_TYPES, { error: M.listingTypeRequired }),
  priceRange: z.enum(PRICE_RANGES, { error: M.priceRangeRequired }),
  address: text({ error: M.addressRequired }).trim().min(1, M.addressRequired).max(300),
  startDate: dateString.optional().nullable().or(z.literal('')),
  endDate: dateString.optional().nullable().or(z.literal('')),
  startTime: timeString.optional().nullable().or(z.literal('')),
  endTime: timeString.optional().nullable().or(z.literal('')),
  contactPhone: optionalText(40),
  contactEmail: text()
    .trim()
    .toLowerCase()
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
    .pipe(z.email(M.invalidContactEmail).nullable()),
  timeZone: text().max(100).default('UTC').refine(isValidTimeZone, M.unknownTimeZone),
  /** The seller's own pin, stored as exact; without one the server places the address (approximate). */
  location: latLngSchema.nullish(),
});

export const listingSchema = listingFields
  .superRefine(
    (v, ctx) => {
      if (v.listingType !== 'garage-sale') return;
      if (!v.startDate)
        ctx.addIssue({ code: 'custom', path: ['startDate'], message: M.dateRequired });
      if (!v.startTime)
        ctx.addIssue({ code: 'custom', path: ['startTime'], message: M.startTimeRequired });
      if (!v.endTime)
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: M.endTimeRequired });
      for (const issue of saleOrderIssues(v)) ctx.addIssue({ code: 'custom', ...issue });
    },
    // Run even when another field (e.g. price range) was refused, so an empty form shows every message at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((v) => {
    // Dates and times apply only to garage sales.
    const sale = v.listingType === 'garage-sale';
    return {
      ...v,
      startDate: sale && v.startDate ? v.startDate : null,
      endDate: sale && v.endDate ? v.endDate : null,
      startTime: sale && v.startTime ? v.startTime : null,
      endTime: sale && v.endTime ? v.endTime : null,
    };
  });
export type ListingInput = z.input<typeof listingSchema>;
export type ListingValues = z.output<typeof listingSchema>;

export const listingIdSchema = z.object({ id: idSchema });
/** A listing named from elsewhere: saving it, opening a conversation about it. */
export const listingRefSchema = z.object({ listingId: idSchema });

/** Miles around `near`; strings read as numbers so the REST query string and the tRPC body agree. */
export const radiusMilesSchema = z.coerce
  .number({ error: M.radiusRange })
  .gt(0, M.radiusRange)
  .max(250, M.radiusRange);

/** `near` in a query string: `<latitude>,<longitude>`, held to the same ranges. */
export const nearParamSchema = text()
  .transform((v, ctx) => {
    const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(v);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: M.nearFormat });
      return z.NEVER;
    }
    return { latitude: Number(match[1]), longitude: Number(match[2]) };
  })
  .pipe(latLngSchema);

/** Rules shared by the body and the query string: what needs `near`, and which cursor fits the order. */
function checkNearSearch(
  v: {
    near?: LatLngInput;
    radiusMiles?: number;
    sort?: 'newest' | 'distance';
    cursor?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (!v.near && v.radiusMiles !== undefined)
    ctx.addIssue({ code: 'custom', path: ['radiusMiles'], message: M.radiusNeedsNear });
  if (!v.near && v.sort === 'distance')
    ctx.addIssue({ code: 'custom', path: ['sort'], message: M.distanceSortNeedsNear });
  if (v.cursor) {
    const wrongOrder =
      v.sort === 'distance'
        ? decodeListingCursor(v.cursor) !== null
        : decodeDistanceCursor(v.cursor) !== null;
    if (wrongOrder)
      ctx.addIssue({
        code: 'custom',
        path: ['cursor'],
        message: UI_TEXT.request.cursorOtherOrder,
      });
  }
}

/**
 * What a search looks for: words, a category, a type, a place and a radius. Browsing and saved
 * searches both take these fields from here, so a saved search matches by search's own rules
 * (decision 074).
 */
export const searchFilterSchema = z.object({
  search: text().trim().max(200).optional(),
  /** Empty means every category ("All", docs/product/screens.md#home). */
  category: z
    .union([z.literal(''), categorySchema])
    .optional()
    .transform((v) => (v ? v : undefined)),
  listingType: z.enum(LISTING_TYPES).optional(),
  /** Listings around this point get their distance; with a radius, only those within it. */
  near: latLngSchema.optional(),
  radiusMiles: radiusMilesSchema.optional(),
});

const listingSearchFields = {
  ...searchFilterSchema.shape,
  /** Newest first, or nearest first (needs near). */
  sort: z.enum(['newest', 'distance']).default('newest'),
  cursor: listingCursorSchema.nullish(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
};

export const listingSearchSchema = z.object(listingSearchFields).superRefine(checkNearSearch);
/** `GET /api/listings`: the same search with `near` written `<latitude>,<longitude>`. */
export const listingSearchQuerySchema = z
  .object({ ...listingSearchFields, near: nearParamSchema.optional() })
  .superRefine(checkNearSearch);
/**
 * How many listings of each type a search finds (the home tabs' counts): the search's own fields
 * but the type, the page and the cursor. The order matters only in that nearest first leaves out
 * listings without a place, as the list does.
 */
const listingCountsFields = {
  ...searchFilterSchema.pick({ search: true, category: true, near: true, radiusMiles: true }).shape,
  sort: listingSearchFields.sort,
};
function checkCountsSearch(
  v: { near?: LatLngInput; radiusMiles?: number; sort?: string },
  ctx: z.RefinementCtx,
) {
  if (!v.near && v.radiusMiles !== undefined)
    ctx.addIssue({ code: 'custom', path: ['radiusMiles'], message: M.radiusNeedsNear });
  if (!v.near && v.sort === 'distance')
    ctx.addIssue({ code: 'custom', path: ['sort'], message: M.distanceSortNeedsNear });
}
export const listingCountsInputSchema = z
  .object(listingCountsFields)
  .superRefine(checkCountsSearch);
/** `GET /api/listings/counts`: the same with `near` written `<latitude>,<longitude>`. */
export const listingCountsQuerySchema = z
  .object({ ...listingCountsFields, near: nearParamSchema.optional() })
  .superRefine(checkCountsSearch);
export type ListingCountsInput = z.output<typeof listingCountsInputSchema>;
export type ListingSearchInput = z.input<typeof listingSearchSchema>;
export type ListingSearch = z.output<typeof listingSearchSchema>;

export const updateListingSchema = z.object({ id: idSchema, listing: listingSchema });
export type UpdateListingInput = z.input<typeof updateListingSchema>;

const salesBetweenFields = {
  from: calendarDateSchema,
  to: calendarDateSchema,
  ...searchFilterSchema.pick({ near: true, radiusMiles: true, search: true, category: true }).shape,
};
function checkSalesBetween(
  v: { from: string; to: string; near?: LatLngInput; radiusMiles?: number },
  ctx: z.RefinementCtx,
) {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: M.rangeBackwards });
  if (!v.near && v.radiusMiles !== undefined)
    ctx.addIssue({ code: 'custom', path: ['radiusMiles'], message: M.radiusNeedsNear });
}
export const salesBetweenSchema = z.object(salesBetweenFields).superRefine(checkSalesBetween);
/** The REST query string's form of salesBetween: `near` written `<latitude>,<longitude>`. */
export const salesBetweenQuerySchema = z
  .object({ ...salesBetweenFields, near: nearParamSchema.optional() })
  .superRefine(checkSalesBetween);
export type SalesBetween = z.output<typeof salesBetweenSchema>;
export type SalesBetweenInput = z.input<typeof salesBetweenSchema>;
