import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

import type { AppRouter } from './root';

export { appRouter } from './root';
export type { AppRouter } from './root';
export { procedureAliases } from './router/aliases';
export { createSocketContext, createTRPCContext } from './context';
export type { CallType, Context, LiveSocket, RequestInfo, UploadedForm } from './context';
export type { ValidatedSession } from './auth/sessions';
export { createCallerFactory } from './trpc';
export { createServerDeps } from './services/create';
export { createMemoryEventBus, createPostgresEventBus } from './services/event-bus';
export type { EventBus } from './services/event-bus';
export { MailUnavailableError, createMailer } from './services/mail';
export type { MailMessage, MailMode, Mailer } from './services/mail';
export { PushFailedError, createPushSender, newVapidKeys } from './services/push';
export type { PushOutcome, PushSender, PushSubscriptionKeys, VapidKeys } from './services/push';
export type { ApiConfig, ServerDeps, Logger } from './services/types';
export { DEFAULT_RATE_LIMITS, RateLimitedError } from './services/rate-limits';
export type { RateLimitSettings } from './services/rate-limits';
export { SESSION_COOKIE_NAME } from './auth/sessions';
export { ensureAdminRole, setProfilePicture } from './services/users';

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export { describeError } from './errors';
export { errorForLog } from './log-safety';
export type { LoggedError } from './log-safety';
export type { PublicError } from './errors';

import { appRouter as router } from './root';
import { createCallerFactory as callerFactory } from './trpc';

/** Calls procedures in-process with a context: the REST adapter's way in. */
export const createCaller = callerFactory(router);
export type Caller = ReturnType<typeof createCaller>;
export { addListingPhotos } from './services/listing-photos';
export { purgeEndedListings } from './services/listings';
export { pruneEvents } from './services/conversation-events';
export {
  OUTBOX_LEASE_MS,
  queueDailyDigests,
  runOutboxBatch,
  startOutboxWorker,
} from './services/outbox';
export { retryDelayMs } from './services/outbox-row';
export type { BatchResult, OutboxWorker } from './services/outbox';
export { runSavedSearchMatching, startSavedSearchMatcher } from './services/saved-search-matching';
export {
  MAX_BORROWED_FORMS_PER_SEARCH,
  MAX_BORROWED_FORMS_PER_WORD,
} from './services/saved-searches';
export type { MatchingResult, SavedSearchMatcher } from './services/saved-search-matching';
export { digestMail, notificationMail } from './services/notification-mail';
export { checkListingPhotoUpload } from './services/upload-checks';
export { limitAccountExport, limitProfilePictureUpload } from './request-limits';
export { accountExportFileName, exportAccount } from './services/account-export';
