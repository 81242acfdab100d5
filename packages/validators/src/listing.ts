import { z } from './zod';

import { CATEGORIES, LEGACY_CATEGORY_ALIASES, LISTING_TYPES, PRICE_RANGES } from './constants';
import { calendarDateSchema, idSchema, listingCursorSchema, text } from './input';
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

export const listingSearchSchema = z.object({
  search: text().trim().max(200).optional(),
  /** Empty means every category (the spec's "All"). */
  category: z
    .union([z.literal(''), categorySchema])
    .optional()
    .transform((v) => (v ? v : undefined)),
  listingType: z.enum(LISTING_TYPES).optional(),
  cursor: listingCursorSchema.nullish(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type ListingSearchInput = z.input<typeof listingSearchSchema>;
export type ListingSearch = z.output<typeof listingSearchSchema>;

export const updateListingSchema = z.object({ id: idSchema, listing: listingSchema });
export type UpdateListingInput = z.input<typeof updateListingSchema>;

export const salesBetweenSchema = z
  .object({ from: calendarDateSchema, to: calendarDateSchema })
  .refine((v) => v.from <= v.to, { message: M.rangeBackwards, path: ['to'] });
export type SalesBetweenInput = z.input<typeof salesBetweenSchema>;
