import { lookupPlaces } from '@yardsale/geo/gazetteer';
import {
  DEFAULT_MAP_TILES,
  mapConfigSchema,
  placeLookupSchema,
  placeQuerySchema,
} from '@yardsale/validators';

import { createTRPCRouter, enforceRateLimit, publicProcedure } from '../trpc';

export const geoRouter = createTRPCRouter({
  /**
   * A ZIP or town typed by a buyer, placed by the offline gazetteer (decision 063), with the other
   * towns a bare name fits; null if unknown.
   */
  lookup: publicProcedure
    .use(async ({ ctx, next }) => {
      await enforceRateLimit(ctx, 'placeLookupByClient', ctx.clientIp);
      return next();
    })
    .input(placeQuerySchema)
    .output(placeLookupSchema.nullable())
    .query(({ input }) => {
      const [first, ...others] = lookupPlaces(input.query);
      return first ? { ...first, others } : null;
    }),

  /** Where the map's tiles come from, and the credit shown on it. */
  mapConfig: publicProcedure
    .output(mapConfigSchema)
    .query(({ ctx }) => ctx.deps.config.mapTiles ?? DEFAULT_MAP_TILES),
});
