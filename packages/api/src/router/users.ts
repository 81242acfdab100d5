import { z } from 'zod';

import { idSchema, publicUserSchema } from '@yardsale/validators';

import { publicProfile } from '../services/users';
import { createTRPCRouter, protectedProcedure } from '../trpc';

export const usersRouter = createTRPCRouter({
  /** A seller's public page: no e-mail, no phone. */
  byId: protectedProcedure
    .input(z.object({ id: idSchema }))
    .output(publicUserSchema)
    .query(({ ctx, input }) => publicProfile(ctx.deps, input.id)),
});
