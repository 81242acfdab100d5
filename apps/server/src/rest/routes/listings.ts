import { TRPCError } from '@trpc/server';
import { z } from 'zod';

import { addListingPhotos, checkListingPhotoUpload } from '@yardsale/api';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_LISTING,
  UI_TEXT,
  listingCountsQuerySchema,
  listingCountsSchema,
  listingDetailSchema,
  listingPageSchema,
  listingSearchQuerySchema,
  listingSummarySchema,
  successSchema,
} from '@yardsale/validators';

import { api, callProcedure, idParam, procedureRoute, sessionRoute } from '../route';
import type { MultipartSpec, RestRoute } from '../route';

/** A multipart listing form sends its fields one by one, or all together as JSON in "listing". */
function listingFieldsFrom(fields: Record<string, string>): unknown {
  if (fields.listing === undefined) return fields;
  try {
    return JSON.parse(fields.listing);
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.listing.fieldsNotJson });
  }
}

const photoLimits = {
  maxFiles: MAX_PHOTOS_PER_LISTING,
  maxBytes: MAX_PHOTO_BYTES,
  tooLargeMessage: UI_TEXT.listing.photoTooLarge,
  tooManyMessage: UI_TEXT.listing.tooManyPhotos,
} satisfies Omit<MultipartSpec, 'fileFields'>;

/** Browsing, posting and editing listings. */
export const listingRoutes: RestRoute[] = [
  procedureRoute(api.listings.list, {
    method: 'GET',
    url: '/api/listings',
    operationId: 'listListings',
    summary:
      'Browse and search listings that have not ended, newest first or nearest first (near=<latitude>,<longitude>, radiusMiles, sort=distance), a page at a time',
    tag: 'listings',
    // `near` arrives as one "lat,lng" parameter; read here, the procedure checks the rest again.
    query: listingSearchQuerySchema,
    response: listingPageSchema,
    access: 'user',
  }),
  procedureRoute(api.listings.counts, {
    method: 'GET',
    url: '/api/listings/counts',
    operationId: 'countListings',
    summary:
      'How many single items and garage sales a search finds (search, category, near=<latitude>,<longitude>, radiusMiles, sort), each counted up to 1,001',
    tag: 'listings',
    query: listingCountsQuerySchema,
    response: listingCountsSchema,
    access: 'user',
  }),
  procedureRoute(api.listings.create, {
    method: 'POST',
    url: '/api/listings/create-with-photos',
    operationId: 'createListing',
    summary:
      'Create a listing with up to 5 photos (multipart: the listing fields, or a field "listing" holding them as JSON, and files in "photos" or "images"); all or nothing',
    tag: 'listings',
    // The procedure limits creation before it reads the form, validates the fields and stores the photos.
    form: { fileFields: ['photos', 'images'], ...photoLimits, toInput: listingFieldsFrom },
    response: listingDetailSchema,
    access: 'user',
    output: ({ id }, { ctx }) =>
      callProcedure(api.listings.byId, ctx, () => Promise.resolve({ id })),
  }),
  procedureRoute(api.listings.byId, {
    method: 'GET',
    url: '/api/listings/:id',
    operationId: 'getListing',
    summary: 'One listing with its photos and seller',
    tag: 'listings',
    id: 'id',
    response: listingDetailSchema,
    access: 'user',
  }),
  procedureRoute(api.listings.update, {
    method: 'PUT',
    url: '/api/listings/:id',
    operationId: 'updateListing',
    summary: "Update one's own listing",
    tag: 'listings',
    id: 'id',
    body: 'listing',
    response: listingDetailSchema,
    access: 'user',
  }),
  procedureRoute(api.listings.delete, {
    method: 'DELETE',
    url: '/api/listings/:id',
    operationId: 'deleteListing',
    summary:
      "Delete one's own listing (an admin may delete any) with its photos, saves and conversations",
    tag: 'listings',
    id: 'id',
    response: successSchema,
    access: 'user',
  }),
  // No procedure takes files alone: the listing is checked before the photos are read.
  sessionRoute({
    method: 'POST',
    url: '/api/listings/:id/images',
    operationId: 'addListingPhotos',
    summary: "Add photos to one's own listing (multipart field images); at most 5 in total",
    tag: 'listings',
    multipart: { fileFields: ['images', 'photos'], ...photoLimits },
    beforeBody: ({ deps, user, params }) => checkListingPhotoUpload(deps, user, idParam(params)),
    response: listingDetailSchema,
    run: async ({ deps, user, params, form }) =>
      addListingPhotos(deps, user, idParam(params), (await form.read()).files),
  }),
  procedureRoute(api.listings.mine, {
    method: 'GET',
    url: '/api/user/listings',
    operationId: 'listMyListings',
    summary: "The signed-in user's listings, ended ones included (isExpired)",
    tag: 'listings',
    response: z.array(listingSummarySchema),
    access: 'user',
  }),
];
