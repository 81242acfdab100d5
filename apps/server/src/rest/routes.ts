import type { Readable } from 'node:stream';

import { TRPCError } from '@trpc/server';
import { z } from 'zod';

import {
  accountExportFileName,
  addListingPhotos,
  checkListingPhotoUpload,
  exportAccount,
  limitAccountExport,
  limitProfilePictureUpload,
  setProfilePicture,
} from '@yardsale/api';
import type { ServerDeps, Caller, Context } from '@yardsale/api';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS_PER_LISTING,
  MAX_PROFILE_PICTURE_BYTES,
  UI_TEXT,
  forgotPasswordSchema,
  pendingEmailSchema,
  resetPasswordSchema,
  secondFactorSignInSchema,
  signInResultSchema,
  verifyEmailResultSchema,
  verifyEmailSchema,
  conversationMessagesInputSchema,
  conversationSummarySchema,
  createdListingSchema,
  listingDetailSchema,
  listingRefSchema,
  mapConfigSchema,
  placeQuerySchema,
  placeSchema,
  messagePageSchema,
  messageSchema,
  sendMessageInputSchema,
  listingPageSchema,
  listingSchema,
  listingSearchQuerySchema,
  listingSummarySchema,
  publicUserSchema,
  savedStateSchema,
  changePasswordSchema,
  DELETE_ACCOUNT_CONFIRMATION,
  deleteAccountSchema,
  profilePictureResponseSchema,
  registerSchema,
  sessionAnswerSchema,
  sessionUserSchema,
  signInSchema,
  successSchema,
  updateProfileSchema,
  adminReportPageSchema,
  adminReportSchema,
  adminReportsQuerySchema,
  announcementResultSchema,
  announcementSchema,
  cleanupResultSchema,
  parseIdParam,
  ratingSummarySchema,
  reportOutputSchema,
  reportSchema,
  reviewOutputSchema,
  reviewSchema,
  updateReportSchema,
  NOTIFICATION_TEXT,
  markNotificationsReadSchema,
  notificationKindSchema,
  notificationListSchema,
  notificationSettingsSchema,
  pushConfigSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionRefSchema,
  savedSearchInputSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
  unreadNotificationsSchema,
  unsubscribeEmailSchema,
} from '@yardsale/validators';

export interface RestCall {
  caller: Caller;
  ctx: Context;
  deps: ServerDeps;
  /** The JSON body. */
  body: unknown;
  params: Record<string, string>;
  query: Record<string, string>;
  /** A multipart route's files, in the order sent; asking for them reads the form. */
  files: () => Promise<Buffer[]>;
  /**
   * Calls a mutation with a multipart route's text fields (turned into its input by `toInput`),
   * read only once the procedure's own checks have passed.
   */
  callWithForm: (
    path: string,
    toInput: (fields: Record<string, string>) => unknown,
  ) => Promise<unknown>;
}

/** What is known of a request before its body is read. */
export type BeforeBodyCall = Omit<RestCall, 'body' | 'files' | 'callWithForm'>;

export interface MultipartSpec {
  /** Field names that may carry files. */
  fileFields: string[];
  maxFiles: number;
  maxBytes: number;
  tooLargeMessage: string;
  tooManyMessage: string;
}

/** A file a route answers instead of JSON. */
export interface RestDownload {
  /** Sent as the Content-Disposition attachment's name. */
  fileName: string;
  body: Readable;
}

/** What a route that answers a file sends, as documented. */
export interface DownloadSpec {
  contentType: string;
  description: string;
}

interface RestRouteBase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify path syntax: /api/listings/:id */
  url: string;
  /**
   * The OpenAPI operationId, written by hand so generated clients keep their method names when a
   * path changes: a camelCase verb and what it acts on (listListings, getListing, sendMessage).
   */
  operationId: string;
  summary: string;
  tag: string;
  /**
   * The JSON body (or a multipart form's text fields) as documented: the input schema of the
   * procedure the path reaches, which is what validates it.
   */
  body?: z.ZodType;
  /** Query string parameters. */
  query?: z.ZodObject;
  /**
   * A form the route also takes as application/x-www-form-urlencoded or multipart/form-data, as mail
   * clients send RFC 8058's one-click unsubscribe. Other routes refuse a url-encoded body (415).
   */
  formBody?: z.ZodObject;
  /** A multipart upload: its text fields arrive as `body`, its files as `files`. */
  multipart?: MultipartSpec;
  /**
   * Ownership and limits of an upload no procedure takes, checked before its body is read: a refusal
   * costs no reading or decoding. (An upload reaching a procedure meets that procedure's own checks
   * before its form is read.)
   */
  beforeBody?: (call: BeforeBodyCall) => Promise<void>;
  access: 'public' | 'user' | 'admin';
}

export type RestRoute = RestRouteBase &
  (
    | { response: z.ZodType; download?: undefined; run: (call: RestCall) => Promise<unknown> }
    | {
        response?: undefined;
        /** The route answers a file, not JSON. */
        download: DownloadSpec;
        run: (call: RestCall) => Promise<RestDownload>;
      }
  );

/** A path id is digits for an id that can exist; anything else is refused before any work. */
export function idParam(params: Record<string, string>): number {
  const id = parseIdParam(params.id);
  if (id === null) throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.request.invalidId });
  return id;
}

/** A multipart listing form sends its fields one by one, or all together as JSON in "listing". */
function listingFieldsFrom(fields: Record<string, string>): unknown {
  if (fields.listing === undefined) return fields;
  try {
    return JSON.parse(fields.listing);
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.listing.fieldsNotJson });
  }
}

function requireUser(ctx: Context) {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.auth.unauthorized });
  return ctx.user;
}

/**
 * The documented /api surface (spec section 7). Each path reaches the same procedure or service
 * as the web app does, so the two can never disagree.
 */
/** What a mail client POSTs to the List-Unsubscribe address (RFC 8058). */
const oneClickFormSchema = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });

export const restRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/user',
    operationId: 'getCurrentUser',
    summary: 'The signed-in user; 401 when signed out',
    tag: 'auth',
    response: sessionUserSchema,
    access: 'user',
    run: async ({ caller }) => {
      const user = await caller.auth.me();
      if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.auth.unauthorized });
      return user;
    },
  },
  {
    method: 'GET',
    url: '/api/session',
    operationId: 'getSession',
    summary: 'Who is signed in: the user, or null for a visitor (always 200)',
    tag: 'auth',
    response: sessionAnswerSchema,
    access: 'public',
    run: async ({ caller }) => ({ user: await caller.auth.me() }),
  },
  {
    method: 'PUT',
    url: '/api/user',
    operationId: 'updateProfile',
    summary: 'Update the profile (first name, last name, e-mail, phone)',
    tag: 'auth',
    body: updateProfileSchema,
    response: sessionUserSchema,
    access: 'user',
    run: ({ caller, body }) =>
      caller.auth.updateProfile(body as z.input<typeof updateProfileSchema>),
  },
  {
    method: 'DELETE',
    url: '/api/user',
    operationId: 'deleteAccount',
    summary:
      'Delete the account for good (password, and code where two-factor sign-in is on); ends its sessions. 403 for the admin',
    tag: 'auth',
    body: deleteAccountSchema,
    response: successSchema,
    access: 'user',
    // The DELETE itself is the confirmation the settings form asks to be typed (decision 068).
    run: ({ caller, body }) =>
      caller.account.delete({
        ...(body as z.input<typeof deleteAccountSchema>),
        confirmation: DELETE_ACCOUNT_CONFIRMATION,
      }),
  },
  {
    method: 'PUT',
    url: '/api/user/password',
    operationId: 'changePassword',
    summary: 'Change the password; ends every other session',
    tag: 'auth',
    body: changePasswordSchema,
    response: successSchema,
    access: 'user',
    run: ({ caller, body }) =>
      caller.auth.changePassword(body as z.input<typeof changePasswordSchema>),
  },
  {
    method: 'POST',
    url: '/api/login',
    operationId: 'signIn',
    summary:
      'Sign in; sets the session cookie, or, where the account has two-factor sign-in, answers `secondFactorRequired` with a challenge for POST /api/login/second-factor',
    tag: 'auth',
    body: signInSchema,
    response: signInResultSchema,
    access: 'public',
    run: ({ caller, body }) => caller.auth.login(body as z.input<typeof signInSchema>),
  },
  {
    method: 'POST',
    url: '/api/login/second-factor',
    operationId: 'signInSecondFactor',
    summary:
      "Finish a two-factor sign-in with the authenticator app's code or a recovery code; sets the session cookie",
    tag: 'auth',
    body: secondFactorSignInSchema,
    response: sessionUserSchema,
    access: 'public',
    run: ({ caller, body }) =>
      caller.auth.signInSecondFactor(body as z.input<typeof secondFactorSignInSchema>),
  },
  {
    method: 'POST',
    url: '/api/register',
    operationId: 'register',
    summary: 'Create an account; sets the session cookie',
    tag: 'auth',
    body: registerSchema,
    response: sessionUserSchema,
    access: 'public',
    run: ({ caller, body }) => caller.auth.register(body as z.input<typeof registerSchema>),
  },
  {
    method: 'POST',
    url: '/api/logout',
    operationId: 'signOut',
    summary: 'End the session',
    tag: 'auth',
    response: successSchema,
    access: 'public',
    run: ({ caller }) => caller.auth.logout(),
  },
  {
    method: 'POST',
    url: '/api/auth/verify-email',
    operationId: 'verifyEmail',
    summary:
      'Open a verification link: the token from its `token=` parameter confirms the address, or completes a change of it',
    tag: 'auth',
    body: verifyEmailSchema,
    response: verifyEmailResultSchema,
    access: 'public',
    run: ({ caller, body }) => caller.auth.verifyEmail(body as z.input<typeof verifyEmailSchema>),
  },
  {
    method: 'POST',
    url: '/api/auth/resend-verification',
    operationId: 'resendVerification',
    summary:
      'Mail the verification link again (to the address a change waits on, else the unverified one); rate limited',
    tag: 'auth',
    response: verifyEmailResultSchema,
    access: 'user',
    run: ({ caller }) => caller.auth.resendVerification(),
  },
  {
    method: 'GET',
    url: '/api/user/pending-email',
    operationId: 'getPendingEmail',
    summary: 'The new address an unconfirmed change of e-mail waits on, or null',
    tag: 'auth',
    response: pendingEmailSchema,
    access: 'user',
    run: ({ caller }) => caller.auth.pendingEmail(),
  },
  {
    method: 'POST',
    url: '/api/auth/forgot-password',
    operationId: 'forgotPassword',
    summary:
      'Mail a password reset link (valid 1 hour) if an account uses this address; the answer is the same either way; rate limited',
    tag: 'auth',
    body: forgotPasswordSchema,
    response: successSchema,
    access: 'public',
    run: ({ caller, body }) =>
      caller.auth.forgotPassword(body as z.input<typeof forgotPasswordSchema>),
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    operationId: 'resetPassword',
    summary:
      'Open a reset link: sets the new password, ends every session of the account, and signs this client in',
    tag: 'auth',
    body: resetPasswordSchema,
    response: signInResultSchema,
    access: 'public',
    run: ({ caller, body }) =>
      caller.auth.resetPassword(body as z.input<typeof resetPasswordSchema>),
  },
  {
    method: 'POST',
    url: '/api/user/profile-picture',
    operationId: 'uploadProfilePicture',
    summary: 'Upload a profile picture (multipart field profilePicture, an image up to 5 MB)',
    tag: 'auth',
    multipart: {
      fileFields: ['profilePicture'],
      maxFiles: 1,
      maxBytes: MAX_PROFILE_PICTURE_BYTES,
      tooLargeMessage: UI_TEXT.profilePicture.tooLargeDescription,
      tooManyMessage: UI_TEXT.profilePicture.onlyOne,
    },
    beforeBody: ({ ctx }) => limitProfilePictureUpload(ctx, requireUser(ctx)),
    response: profilePictureResponseSchema,
    access: 'user',
    run: async ({ ctx, deps, files }) => {
      const user = requireUser(ctx);
      const [file] = await files();
      if (!file) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: UI_TEXT.profilePicture.invalidTypeDescription,
        });
      }
      const updated = await setProfilePicture(deps, user.id, file);
      return { profilePicture: updated.profilePicture };
    },
  },
  {
    method: 'DELETE',
    url: '/api/user/profile-picture',
    operationId: 'deleteProfilePicture',
    summary: 'Remove the profile picture',
    tag: 'auth',
    response: profilePictureResponseSchema,
    access: 'user',
    run: async ({ caller }) => {
      const updated = await caller.auth.removeProfilePicture();
      return { profilePicture: updated.profilePicture };
    },
  },
  {
    method: 'GET',
    url: '/api/user/export',
    operationId: 'exportAccountData',
    summary:
      'Everything YardSale holds about the signed-in user, as a zip: yardsale-export.json and their photos (3 an hour)',
    tag: 'auth',
    download: {
      contentType: 'application/zip',
      description:
        'A zip of yardsale-export.json (profile, listings, saved listings, conversations, reviews, reports) and the photos',
    },
    access: 'user',
    run: async ({ ctx, deps }) => {
      const user = requireUser(ctx);
      await limitAccountExport(ctx, user);
      return {
        fileName: accountExportFileName(deps.now()),
        body: await exportAccount(deps, user.id),
      };
    },
  },
  {
    method: 'GET',
    url: '/api/listings',
    operationId: 'listListings',
    summary:
      'Browse and search listings that have not ended, newest first or nearest first (near=<latitude>,<longitude>, radiusMiles, sort=distance), a page at a time',
    tag: 'listings',
    query: listingSearchQuerySchema,
    response: listingPageSchema,
    access: 'user',
    // `near` arrives as one "lat,lng" parameter; read here, the procedure checks the rest again.
    run: ({ caller, query }) => caller.listings.list(listingSearchQuerySchema.parse(query)),
  },
  {
    method: 'POST',
    url: '/api/listings/create-with-photos',
    operationId: 'createListing',
    summary:
      'Create a listing with up to 5 photos (multipart: the listing fields, or a field "listing" holding them as JSON, and files in "photos" or "images"); all or nothing',
    tag: 'listings',
    body: listingSchema,
    multipart: {
      fileFields: ['photos', 'images'],
      maxFiles: MAX_PHOTOS_PER_LISTING,
      maxBytes: MAX_PHOTO_BYTES,
      tooLargeMessage: UI_TEXT.listing.photoTooLarge,
      tooManyMessage: UI_TEXT.listing.tooManyPhotos,
    },
    response: listingDetailSchema,
    access: 'user',
    // The procedure limits creation before it reads the form, validates the fields and stores the photos.
    run: async ({ caller, callWithForm }) => {
      const created = await callWithForm('listings.create', listingFieldsFrom);
      return caller.listings.byId({ id: createdListingSchema.parse(created).id });
    },
  },
  {
    method: 'GET',
    url: '/api/listings/:id',
    operationId: 'getListing',
    summary: 'One listing with its photos and seller',
    tag: 'listings',
    response: listingDetailSchema,
    access: 'user',
    run: ({ caller, params }) => caller.listings.byId({ id: idParam(params) }),
  },
  {
    method: 'PUT',
    url: '/api/listings/:id',
    operationId: 'updateListing',
    summary: "Update one's own listing",
    tag: 'listings',
    body: listingSchema,
    response: listingDetailSchema,
    access: 'user',
    run: ({ caller, params, body }) =>
      caller.listings.update({
        id: idParam(params),
        listing: body as z.input<typeof listingSchema>,
      }),
  },
  {
    method: 'DELETE',
    url: '/api/listings/:id',
    operationId: 'deleteListing',
    summary:
      "Delete one's own listing (an admin may delete any) with its photos, saves and conversations",
    tag: 'listings',
    response: successSchema,
    access: 'user',
    run: ({ caller, params }) => caller.listings.delete({ id: idParam(params) }),
  },
  {
    method: 'POST',
    url: '/api/listings/:id/images',
    operationId: 'addListingPhotos',
    summary: "Add photos to one's own listing (multipart field images); at most 5 in total",
    tag: 'listings',
    multipart: {
      fileFields: ['images', 'photos'],
      maxFiles: MAX_PHOTOS_PER_LISTING,
      maxBytes: MAX_PHOTO_BYTES,
      tooLargeMessage: UI_TEXT.listing.photoTooLarge,
      tooManyMessage: UI_TEXT.listing.tooManyPhotos,
    },
    beforeBody: ({ ctx, deps, params }) =>
      checkListingPhotoUpload(deps, requireUser(ctx), idParam(params)),
    response: listingDetailSchema,
    access: 'user',
    run: async ({ ctx, deps, params, files }) =>
      addListingPhotos(deps, requireUser(ctx), idParam(params), await files()),
  },
  {
    method: 'GET',
    url: '/api/listings/:id/saved',
    operationId: 'getSavedState',
    summary: 'Whether the signed-in user saved this listing',
    tag: 'saved',
    response: savedStateSchema,
    access: 'user',
    run: ({ caller, params }) => caller.saved.isSaved({ listingId: idParam(params) }),
  },
  {
    method: 'POST',
    url: '/api/listings/:id/save',
    operationId: 'saveListing',
    summary: 'Save a listing (saving twice is saving once)',
    tag: 'saved',
    response: savedStateSchema,
    access: 'user',
    run: ({ caller, params }) => caller.saved.save({ listingId: idParam(params) }),
  },
  {
    method: 'DELETE',
    url: '/api/listings/:id/save',
    operationId: 'unsaveListing',
    summary: 'Remove a listing from the saved ones',
    tag: 'saved',
    response: savedStateSchema,
    access: 'user',
    run: ({ caller, params }) => caller.saved.unsave({ listingId: idParam(params) }),
  },
  {
    method: 'GET',
    url: '/api/user/listings',
    operationId: 'listMyListings',
    summary: "The signed-in user's listings, ended ones included (isExpired)",
    tag: 'listings',
    response: z.array(listingSummarySchema),
    access: 'user',
    run: ({ caller }) => caller.listings.mine(),
  },
  {
    method: 'GET',
    url: '/api/user/saved-listings',
    operationId: 'listSavedListings',
    summary: "The signed-in user's saved listings that have not ended",
    tag: 'saved',
    response: z.array(listingSummarySchema),
    access: 'user',
    run: ({ caller }) => caller.saved.list(),
  },
  {
    method: 'GET',
    url: '/api/users/:id',
    operationId: 'getUser',
    summary: "A seller's public profile",
    tag: 'users',
    response: publicUserSchema,
    access: 'user',
    run: ({ caller, params }) => caller.users.byId({ id: idParam(params) }),
  },
  {
    method: 'GET',
    url: '/api/users/:id/listings',
    operationId: 'listUserListings',
    summary: "A seller's listings that have not ended",
    tag: 'users',
    response: z.array(listingSummarySchema),
    access: 'user',
    run: ({ caller, params }) => caller.listings.byUser({ userId: idParam(params) }),
  },
  {
    method: 'POST',
    url: '/api/conversations',
    operationId: 'startConversation',
    summary:
      "Open the conversation with a listing's seller (the existing one if any); answers its id",
    tag: 'conversations',
    body: listingRefSchema,
    response: z.object({ id: z.number().int() }),
    access: 'user',
    run: ({ caller, body }) => caller.conversations.start(body as z.input<typeof listingRefSchema>),
  },
  {
    method: 'GET',
    url: '/api/conversations',
    operationId: 'listConversations',
    summary: "The signed-in user's conversations, newest activity first, with unread counts",
    tag: 'conversations',
    response: z.array(conversationSummarySchema),
    access: 'user',
    run: ({ caller }) => caller.conversations.list(),
  },
  {
    method: 'GET',
    url: '/api/conversations/:id/messages',
    operationId: 'listMessages',
    summary: 'Messages of a conversation, oldest first, a page at a time (before, limit)',
    tag: 'conversations',
    query: conversationMessagesInputSchema.omit({ conversationId: true }),
    response: messagePageSchema,
    access: 'user',
    run: ({ caller, params, query }) =>
      caller.conversations.messages({ ...query, conversationId: idParam(params) }),
  },
  {
    method: 'POST',
    url: '/api/conversations/:id/messages',
    operationId: 'sendMessage',
    summary: 'Send a message (1 to 2,000 characters)',
    tag: 'conversations',
    body: sendMessageInputSchema.omit({ conversationId: true }),
    response: messageSchema,
    access: 'user',
    run: ({ caller, params, body }) =>
      caller.conversations.send({
        ...(body as { content: string }),
        conversationId: idParam(params),
      }),
  },
  {
    method: 'POST',
    url: '/api/conversations/:id/read',
    operationId: 'markConversationRead',
    summary: "Mark the other party's messages read",
    tag: 'conversations',
    response: z.object({ updated: z.number().int() }),
    access: 'user',
    run: ({ caller, params }) => caller.conversations.markRead({ conversationId: idParam(params) }),
  },
  {
    method: 'DELETE',
    url: '/api/messages/:id',
    operationId: 'deleteMessage',
    summary: "Delete one's own message",
    tag: 'conversations',
    response: successSchema,
    access: 'user',
    run: ({ caller, params }) => caller.conversations.deleteMessage({ messageId: idParam(params) }),
  },
  {
    method: 'DELETE',
    url: '/api/conversations/:id',
    operationId: 'deleteConversation',
    summary: 'Delete the conversation for oneself (removed when both have deleted it)',
    tag: 'conversations',
    response: successSchema,
    access: 'user',
    run: ({ caller, params }) => caller.conversations.delete({ conversationId: idParam(params) }),
  },
  {
    method: 'POST',
    url: '/api/reviews',
    operationId: 'createReview',
    summary:
      'Rate a seller 1-5 with an optional comment (once per seller and listing, never oneself)',
    tag: 'reviews',
    body: reviewSchema,
    response: reviewOutputSchema,
    access: 'user',
    run: ({ caller, body }) => caller.reviews.create(body as z.input<typeof reviewSchema>),
  },
  {
    method: 'GET',
    url: '/api/users/:id/reviews',
    operationId: 'listUserReviews',
    summary: "A user's reviews, newest first, reviewers' surnames shortened to a letter",
    tag: 'reviews',
    response: z.array(reviewOutputSchema),
    access: 'user',
    run: ({ caller, params }) => caller.reviews.ofUser({ userId: idParam(params) }),
  },
  {
    method: 'GET',
    url: '/api/users/:id/rating',
    operationId: 'getUserRating',
    summary: "A user's average rating (one decimal, null before the first review) and review count",
    tag: 'reviews',
    response: ratingSummarySchema,
    access: 'user',
    run: ({ caller, params }) => caller.reviews.rating({ userId: idParam(params) }),
  },
  {
    method: 'POST',
    url: '/api/reports',
    operationId: 'createReport',
    summary: 'Report a user, and optionally one of their listings, to the admin',
    tag: 'reports',
    body: reportSchema,
    response: reportOutputSchema,
    access: 'user',
    run: ({ caller, body }) => caller.reports.create(body as z.input<typeof reportSchema>),
  },
  {
    method: 'GET',
    url: '/api/user/reports',
    operationId: 'listMyReports',
    summary: "The signed-in user's reports, newest first",
    tag: 'reports',
    response: z.array(reportOutputSchema),
    access: 'user',
    run: ({ caller }) => caller.reports.mine(),
  },
  {
    method: 'GET',
    url: '/api/admin/reports',
    operationId: 'listReports',
    summary:
      'Reports with the listing title and both e-mails, newest first, a page at a time (status "all" or one status), with the count of each status',
    tag: 'admin',
    query: adminReportsQuerySchema,
    response: adminReportPageSchema,
    access: 'admin',
    run: ({ caller, query }) => caller.admin.reports(query),
  },
  {
    method: 'PUT',
    url: '/api/admin/reports/:id',
    operationId: 'updateReport',
    summary:
      'Move a report along pending -> reviewed | dismissed, reviewed -> resolved, with notes',
    tag: 'admin',
    body: updateReportSchema.omit({ id: true }),
    response: adminReportSchema,
    access: 'admin',
    run: ({ caller, params, body }) =>
      caller.admin.updateReport({
        ...(body as Omit<z.input<typeof updateReportSchema>, 'id'>),
        id: idParam(params),
      }),
  },
  {
    method: 'POST',
    url: '/api/admin/announcement',
    operationId: 'sendAnnouncement',
    summary: 'Send an announcement from The YardSale Team to every user',
    tag: 'admin',
    body: announcementSchema,
    response: announcementResultSchema,
    access: 'admin',
    run: ({ caller, body }) => caller.admin.announce(body as z.input<typeof announcementSchema>),
  },
  {
    method: 'POST',
    url: '/api/admin/cleanup-duplicates',
    operationId: 'deleteDuplicateListings',
    summary:
      'Delete duplicate listings (same seller, type, title, address and sale date); the oldest stays',
    tag: 'admin',
    response: cleanupResultSchema,
    access: 'admin',
    run: ({ caller }) => caller.admin.cleanupDuplicates(),
  },
  {
    method: 'GET',
    url: '/api/geo/lookup',
    operationId: 'lookupPlace',
    summary:
      'Find a US ZIP code or "Town, ST" (offline, nothing leaves the server): its centre, or null when unknown',
    tag: 'geo',
    query: z.object({ q: placeQuerySchema.shape.query }),
    response: placeSchema.nullable(),
    access: 'public',
    run: ({ caller, query }) => caller.geo.lookup({ query: query.q ?? '' }),
  },
  {
    method: 'GET',
    url: '/api/geo/map-config',
    operationId: 'getMapConfig',
    summary: "The map's tile URL template ({z}, {x}, {y}) and the credit its provider requires",
    tag: 'geo',
    response: mapConfigSchema,
    access: 'public',
    run: ({ caller }) => caller.geo.mapConfig(),
  },
  {
    method: 'GET',
    url: '/api/saved-searches',
    operationId: 'listSavedSearches',
    summary: "The signed-in user's saved searches, oldest first",
    tag: 'saved-searches',
    response: z.array(savedSearchSchema),
    access: 'user',
    run: ({ caller }) => caller.savedSearches.list(),
  },
  {
    method: 'POST',
    url: '/api/saved-searches',
    operationId: 'createSavedSearch',
    summary:
      'Save a search (words, category, type, or a place and radius) to hear of new listings that match it by push and e-mail (instant, daily or off); up to 20. Push or e-mail need a verified address (403); with both off, matches ring the bell only',
    tag: 'saved-searches',
    body: savedSearchInputSchema,
    response: savedSearchSchema,
    access: 'user',
    run: ({ caller, body }) =>
      caller.savedSearches.create(body as z.input<typeof savedSearchInputSchema>),
  },
  {
    method: 'PATCH',
    url: '/api/saved-searches/:id',
    operationId: 'updateSavedSearch',
    summary:
      'Rename, pause or resume a saved search, or change how its matches arrive (push or e-mail on: a verified address, else 403)',
    tag: 'saved-searches',
    body: savedSearchUpdateSchema.omit({ id: true }),
    response: savedSearchSchema,
    access: 'user',
    run: ({ caller, params, body }) =>
      caller.savedSearches.update({
        ...(body as Omit<z.input<typeof savedSearchUpdateSchema>, 'id'>),
        id: idParam(params),
      }),
  },
  {
    method: 'DELETE',
    url: '/api/saved-searches/:id',
    operationId: 'deleteSavedSearch',
    summary: 'Delete a saved search',
    tag: 'saved-searches',
    response: successSchema,
    access: 'user',
    run: ({ caller, params }) => caller.savedSearches.delete({ id: idParam(params) }),
  },
  {
    method: 'GET',
    url: '/api/notifications',
    operationId: 'listNotifications',
    summary: "The bell: the signed-in user's newest notifications first, and how many are unread",
    tag: 'notifications',
    response: notificationListSchema,
    access: 'user',
    run: ({ caller }) => caller.notifications.list(),
  },
  {
    method: 'POST',
    url: '/api/notifications/read',
    operationId: 'markNotificationsRead',
    summary: 'Mark these notifications read (`ids`), or all of them; answers how many are unread',
    tag: 'notifications',
    body: markNotificationsReadSchema,
    response: unreadNotificationsSchema,
    access: 'user',
    run: ({ caller, body }) =>
      caller.notifications.markRead(body as z.input<typeof markNotificationsReadSchema>),
  },
  {
    method: 'GET',
    url: '/api/user/notification-settings',
    operationId: 'getNotificationSettings',
    summary:
      'Push and e-mail on or off for each kind of notification (every e-mail off until the address is verified)',
    tag: 'notifications',
    response: notificationSettingsSchema,
    access: 'user',
    run: ({ caller }) => caller.notifications.settings(),
  },
  {
    method: 'PUT',
    url: '/api/user/notification-settings',
    operationId: 'updateNotificationSettings',
    summary:
      'Set push and e-mail for every kind of notification (all kinds, both switches); an e-mail on needs a verified address (403)',
    tag: 'notifications',
    body: notificationSettingsSchema,
    response: notificationSettingsSchema,
    access: 'user',
    run: ({ caller, body }) =>
      caller.notifications.updateSettings(body as z.input<typeof notificationSettingsSchema>),
  },
  {
    method: 'GET',
    url: '/api/push/config',
    operationId: 'getPushConfig',
    summary:
      "The server's VAPID public key for PushManager.subscribe (applicationServerKey); null where push is off",
    tag: 'notifications',
    response: pushConfigSchema,
    access: 'public',
    run: ({ caller }) => caller.notifications.pushConfig(),
  },
  {
    method: 'POST',
    url: '/api/push-subscriptions',
    operationId: 'subscribePush',
    summary:
      'Send pushes to this browser: its PushSubscription.toJSON() (an https endpoint of a public push service); the same endpoint again replaces its keys. Needs a verified address (403)',
    tag: 'notifications',
    body: pushSubscriptionInputSchema,
    response: successSchema,
    access: 'user',
    run: ({ caller, body }) =>
      caller.notifications.subscribePush(body as z.input<typeof pushSubscriptionInputSchema>),
  },
  {
    method: 'DELETE',
    url: '/api/push-subscriptions',
    operationId: 'unsubscribePush',
    summary: "Stop pushes to this browser (its endpoint); only the user's own",
    tag: 'notifications',
    body: pushSubscriptionRefSchema,
    response: successSchema,
    access: 'user',
    run: ({ caller, body }) =>
      caller.notifications.unsubscribePush(body as z.input<typeof pushSubscriptionRefSchema>),
  },
  {
    method: 'POST',
    url: '/api/notifications/unsubscribe',
    operationId: 'unsubscribeFromEmail',
    summary:
      "One-click unsubscribe (RFC 8058), the address in a notification mail's List-Unsubscribe header: turns off e-mail of that kind only; no sign-in; 404 for an unknown token",
    tag: 'notifications',
    query: unsubscribeEmailSchema,
    formBody: oneClickFormSchema,
    response: z.object({ kind: notificationKindSchema, message: z.string() }),
    access: 'public',
    // The token and kind are in the link itself; the form only says "One-Click". Other sites may
    // post here (security.ts): mail clients do, from wherever the mail is read.
    run: async ({ caller, query }) => {
      const { kind } = await caller.notifications.unsubscribeEmail(
        query as z.input<typeof unsubscribeEmailSchema>,
      );
      return {
        kind,
        message: NOTIFICATION_TEXT.unsubscribeDone(NOTIFICATION_TEXT.kinds[kind].label),
      };
    },
  },
];
