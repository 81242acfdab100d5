import { z } from 'zod';

import { listingSummarySchema, publicUserSchema } from '@yardsale/validators';

import { api, procedureRoute } from '../route';
import type { RestRoute } from '../route';

/** Sellers' public profiles. */
export const userRoutes: RestRoute[] = [
  procedureRoute(api.users.byId, {
    method: 'GET',
    url: '/api/users/:id',
    operationId: 'getUser',
    summary: "A seller's public profile",
    tag: 'users',
    id: 'id',
    response: publicUserSchema,
    access: 'user',
  }),
  procedureRoute(api.listings.byUser, {
    method: 'GET',
    url: '/api/users/:id/listings',
    operationId: 'listUserListings',
    summary: "A seller's listings that have not ended",
    tag: 'users',
    id: 'userId',
    response: z.array(listingSummarySchema),
    access: 'user',
  }),
];
