import { accountRouter } from './router/account';
import { adminRouter } from './router/admin';
import { authAliases, passkeysAliases } from './router/aliases';
import { authRouter } from './router/auth';
import { conversationsRouter } from './router/conversations';
import { geoRouter } from './router/geo';
import { listingsRouter } from './router/listings';
import { notificationsRouter } from './router/notifications';
import { reportsRouter } from './router/reports';
import { reviewsRouter } from './router/reviews';
import { savedRouter } from './router/saved';
import { savedSearchesRouter } from './router/saved-searches';
import { usersRouter } from './router/users';
import { createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  account: accountRouter,
  admin: adminRouter,
  // The old names answer with the same procedures (decision 086).
  auth: createTRPCRouter({ ...authRouter._def.record, ...authAliases }),
  conversations: conversationsRouter,
  geo: geoRouter,
  listings: listingsRouter,
  notifications: notificationsRouter,
  passkeys: createTRPCRouter(passkeysAliases),
  reports: reportsRouter,
  reviews: reviewsRouter,
  saved: savedRouter,
  savedSearches: savedSearchesRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
