import { z } from 'zod';

import { listingSummarySchema, savedStateSchema } from '@yardsale/validators';

import { api, procedureRoute } from '../route';
import type { RestRoute } from '../route';

/** Listings a user keeps to come back to. */
export const savedRoutes: RestRoute[] = [
  procedureRoute(api.saved.isSaved, {
    method: 'GET',
    url: '/api/listings/:id/saved',
    operationId: 'getSavedState',
    summary: 'Whether the signed-in user saved this listing',
    tag: 'saved',
    id: 'listingId',
    response: savedStateSchema,
    access: 'user',
  }),
  procedureRoute(api.saved.save, {
    method: 'POST',
    url: '/api/listings/:id/save',
    operationId: 'saveListing',
    summary: 'Save a listing (saving twice is saving once)',
    tag: 'saved',
    id: 'listingId',
    response: savedStateSchema,
    access: 'user',
  }),
  procedureRoute(api.saved.unsave, {
    method: 'DELETE',
    url: '/api/listings/:id/save',
    operationId: 'unsaveListing',
    summary: 'Remove a listing from the saved ones',
    tag: 'saved',
    id: 'listingId',
    response: savedStateSchema,
    access: 'user',
  }),
  procedureRoute(api.saved.list, {
    method: 'GET',
    url: '/api/user/saved-listings',
    operationId: 'listSavedListings',
    summary: "The signed-in user's saved listings that have not ended",
    tag: 'saved',
    response: z.array(listingSummarySchema),
    access: 'user',
  }),
];
