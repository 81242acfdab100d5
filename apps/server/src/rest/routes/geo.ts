import { mapConfigSchema, placeLookupSchema } from '@yardsale/validators';

import { api, procedureRoute } from '../route';
import type { RestRoute } from '../route';

/** Places and the map, worked out on the server. */
export const geoRoutes: RestRoute[] = [
  procedureRoute(api.geo.lookup, {
    method: 'GET',
    url: '/api/geo/lookup',
    operationId: 'lookupPlace',
    summary:
      'Find a US ZIP code, "Town, ST" or a bare town name (offline, nothing leaves the server): its centre, the other towns a bare name fits, or null when unknown',
    tag: 'geo',
    query: { q: 'query' },
    response: placeLookupSchema.nullable(),
    access: 'public',
  }),
  procedureRoute(api.geo.mapConfig, {
    method: 'GET',
    url: '/api/geo/map-config',
    operationId: 'getMapConfig',
    summary: "The map's tile URL template ({z}, {x}, {y}) and the credit its provider requires",
    tag: 'geo',
    response: mapConfigSchema,
    access: 'public',
  }),
];
