import { authRouter } from './router/auth';
import { listingsRouter } from './router/listings';
import { savedRouter } from './router/saved';
import { usersRouter } from './router/users';
import { createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  auth: authRouter,
  listings: listingsRouter,
  saved: savedRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
