import { TRPCError } from '@trpc/server';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';

import * as schema from '@yardsale/db/schema';
import { idSchema, publicUserSchema } from '@yardsale/validators';

import { createTRPCRouter, protectedProcedure } from '../trpc';

const { users } = schema;

export const usersRouter = createTRPCRouter({
  /** A seller's public page: no e-mail, no phone. */
  byId: protectedProcedure
    .input(z.object({ id: idSchema }))
    .output(publicUserSchema)
    .query(async ({ ctx, input }) => {
      const [user] = await ctx.deps.db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          profilePicture: users.profilePicture,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(and(eq(users.id, input.id), ne(users.role, 'system')));
      if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: 'User Not Found' });
      return user;
    }),
});
