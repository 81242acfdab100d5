import { EventEmitter, on } from 'node:events';

import { TRPCError } from '@trpc/server';
import { z } from 'zod';

import {
  NOTIFICATION_TEXT,
  markNotificationsReadSchema,
  notificationKindSchema,
  notificationListSchema,
  notificationSettingsSchema,
  pushConfigSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionRefSchema,
  successSchema,
  unreadNotificationsSchema,
  unsubscribeEmailSchema,
} from '@yardsale/validators';

import {
  listNotifications,
  markNotificationsRead,
  notificationSettingsOf,
  unreadNotifications,
  unsubscribeByToken,
  updateNotificationSettings,
} from '../services/notifications';
import { markOnline } from '../services/presence';
import { removePushSubscription, savePushSubscription } from '../services/push-subscriptions';
import {
  createTRPCRouter,
  enforceRateLimit,
  limitedGuess,
  protectedProcedure,
  publicProcedure,
} from '../trpc';

/** A missed wake-up costs at most this long; the presence mark is renewed as often. */
const SAFETY_POLL_MS = 30_000;

export const notificationsRouter = createTRPCRouter({
  /** The bell: the newest entries and how many are unread. */
  list: protectedProcedure
    .output(notificationListSchema)
    .query(({ ctx }) => listNotifications(ctx.deps, ctx.user.id)),

  /** Marks the given entries (or all) read; answers what is still unread. */
  markRead: protectedProcedure
    .input(markNotificationsReadSchema)
    .output(unreadNotificationsSchema)
    .mutation(async ({ ctx, input }) => ({
      unread: await markNotificationsRead(ctx.deps, ctx.user.id, input.ids),
    })),

  /**
   * The bell's count, live: sent at once, then whenever it changes. While it runs, the person counts
   * as having the app open, so pushes about messages wait (they see them here).
   */
  live: protectedProcedure.subscription(async function* ({ ctx, signal }) {
    const { deps, user } = ctx;
    const wakes = new EventEmitter();
    const unsubscribe = deps.events.subscribe(user.id, () => wakes.emit('wake'));
    const poll = setInterval(() => wakes.emit('wake'), SAFETY_POLL_MS);
    const presence = markOnline(deps, user.id, SAFETY_POLL_MS);
    try {
      let last = -1;
      const waiting = on(wakes, 'wake', { signal });
      for (;;) {
        const unread = await unreadNotifications(deps.db, user.id);
        if (unread !== last) {
          last = unread;
          yield { unread };
        }
        await waiting.next();
      }
    } finally {
      clearInterval(poll);
      unsubscribe();
      await presence.end();
    }
  }),

  settings: protectedProcedure
    .output(notificationSettingsSchema)
    .query(({ ctx }) => notificationSettingsOf(ctx.deps.db, ctx.user.id)),

  /** E-mail switches turn on only with a confirmed address (403); push ones always. */
  updateSettings: protectedProcedure
    .input(notificationSettingsSchema)
    .output(notificationSettingsSchema)
    .mutation(({ ctx, input }) => updateNotificationSettings(ctx.deps, ctx.user.id, input)),

  /** The key browsers subscribe with; null where push is off. */
  pushConfig: publicProcedure
    .output(pushConfigSchema)
    .query(({ ctx }) => ({ publicKey: ctx.deps.push?.publicKey ?? null })),

  /** Only with a confirmed address: nothing is pushed for an account that may be a stranger's (078). */
  subscribePush: protectedProcedure
    .input(pushSubscriptionInputSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      if (!ctx.user.emailVerified) {
        throw new TRPCError({ code: 'FORBIDDEN', message: NOTIFICATION_TEXT.verifyForAlerts });
      }
      await enforceRateLimit(ctx, 'pushSubscribeByAccount', String(ctx.user.id));
      await savePushSubscription(ctx.deps, ctx.user.id, ctx.sessionToken, input);
      return { success: true as const };
    }),

  unsubscribePush: protectedProcedure
    .input(pushSubscriptionRefSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await removePushSubscription(ctx.deps, ctx.user.id, input.endpoint);
      return { success: true as const };
    }),

  /**
   * One-click unsubscribe from a mail (RFC 8058): no sign-in, one kind's mail only. Only unknown
   * tokens count against the client: a guesser is stopped, a mail provider posting many real
   * unsubscribes from one address is not.
   */
  unsubscribeEmail: publicProcedure
    .input(unsubscribeEmailSchema)
    .output(z.object({ kind: notificationKindSchema }))
    .mutation(async ({ ctx, input }) => {
      await limitedGuess(
        ctx,
        [{ name: 'unsubscribeFailuresByClient', key: ctx.clientIp }],
        async () => {
          if (!(await unsubscribeByToken(ctx.deps, input.token, input.kind))) {
            throw new TRPCError({
              code: 'NOT_FOUND',
              message: NOTIFICATION_TEXT.unsubscribeInvalid,
            });
          }
        },
        (err) => err instanceof TRPCError && err.code === 'NOT_FOUND',
      );
      return { kind: input.kind };
    }),
});
