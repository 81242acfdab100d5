import { z } from 'zod';

import { savedSearchSchema, successSchema } from '@yardsale/validators';

import { api, procedureRoute } from '../route';
import type { RestRoute } from '../route';

/** Searches a user keeps, to hear of new listings that match them. */
export const savedSearchRoutes: RestRoute[] = [
  procedureRoute(api.savedSearches.list, {
    method: 'GET',
    url: '/api/saved-searches',
    operationId: 'listSavedSearches',
    summary: "The signed-in user's saved searches, oldest first",
    tag: 'saved-searches',
    response: z.array(savedSearchSchema),
    access: 'user',
  }),
  procedureRoute(api.savedSearches.create, {
    method: 'POST',
    url: '/api/saved-searches',
    operationId: 'createSavedSearch',
    summary:
      'Save a search (words, category, type, or a place and radius) to hear of new listings that match it by push and e-mail (instant, daily or off); up to 20. Push or e-mail need a verified address (403); with both off, matches ring the bell only',
    tag: 'saved-searches',
    body: 'input',
    response: savedSearchSchema,
    access: 'user',
  }),
  procedureRoute(api.savedSearches.update, {
    method: 'PATCH',
    url: '/api/saved-searches/:id',
    operationId: 'updateSavedSearch',
    summary:
      'Rename, pause or resume a saved search, or change how its matches arrive (push or e-mail on: a verified address, else 403)',
    tag: 'saved-searches',
    id: 'id',
    body: 'input',
    response: savedSearchSchema,
    access: 'user',
  }),
  procedureRoute(api.savedSearches.delete, {
    method: 'DELETE',
    url: '/api/saved-searches/:id',
    operationId: 'deleteSavedSearch',
    summary: 'Delete a saved search',
    tag: 'saved-searches',
    id: 'id',
    response: successSchema,
    access: 'user',
  }),
];
