import type { RestRoute } from '../route';
import { adminRoutes } from './admin';
import { authRoutes } from './auth';
import { conversationRoutes } from './conversations';
import { geoRoutes } from './geo';
import { listingRoutes } from './listings';
import { notificationRoutes } from './notifications';
import { reportRoutes } from './reports';
import { reviewRoutes } from './reviews';
import { savedRoutes } from './saved';
import { savedSearchRoutes } from './saved-searches';
import { userRoutes } from './users';

export type { RestRoute } from '../route';

/**
 * The documented /api surface, one file per OpenAPI tag. Each path calls the procedure the web app
 * calls (or, for an upload or download of its own, the same service), so the two cannot disagree.
 * The document lists the paths in this order.
 */
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...listingRoutes,
  ...savedRoutes,
  ...userRoutes,
  ...conversationRoutes,
  ...reviewRoutes,
  ...reportRoutes,
  ...adminRoutes,
  ...geoRoutes,
  ...savedSearchRoutes,
  ...notificationRoutes,
];
