import { authRouter } from './router/auth';
import { conversationsRouter } from './router/conversations';
import { listingsRouter } from './router/listings';
import { savedRouter } from './router/saved';
import { usersRouter } from './router/users';
import { createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  auth: authRouter,
  conversations: conversationsRouter,
  listings: listingsRouter,
  saved: savedRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
