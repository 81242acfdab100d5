import { EventEmitter, on } from 'node:events';

import { TRPCError, tracked } from '@trpc/server';
import { z } from 'zod';

import {
  UI_TEXT,
  conversationMessagesInputSchema,
  conversationRefSchema,
  conversationSummarySchema,
  idSchema,
  listingRefSchema,
  messagePageSchema,
  messageRefSchema,
  messageSchema,
  sendMessageInputSchema,
  successSchema,
} from '@yardsale/validators';

import { canResumeAfter, eventsAfter, latestEventId } from '../services/conversation-events';
import {
  conversationMessages,
  deleteConversation,
  deleteMessage,
  listConversations,
  markConversationRead,
  sendMessage,
  startConversation,
} from '../services/conversations';
import { createTRPCRouter, enforceRateLimit, protectedProcedure, verifiedProcedure } from '../trpc';

/** Events read per round; a reconnecting client catches up in batches of this size. */
const EVENT_BATCH = 100;
/** A subscriber also looks for events this often, in case a wake-up was lost (e.g. a restart). */
const SAFETY_POLL_MS = 30_000;
/** How often an open stream checks that its session still exists. */
const SESSION_CHECK_MS = 60_000;

export const conversationsRouter = createTRPCRouter({
  /** Opens (or reopens) the conversation with a listing's seller. */
  start: verifiedProcedure
    .input(listingRefSchema)
    .output(z.object({ id: z.number().int() }))
    .mutation(({ ctx, input }) => startConversation(ctx.deps, ctx.user, input.listingId)),

  list: protectedProcedure
    .output(z.array(conversationSummarySchema))
    .query(({ ctx }) => listConversations(ctx.deps, ctx.user)),

  messages: protectedProcedure
    .input(conversationMessagesInputSchema)
    .output(messagePageSchema)
    .query(({ ctx, input }) => conversationMessages(ctx.deps, ctx.user, input)),

  send: protectedProcedure
    .input(sendMessageInputSchema)
    .output(messageSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, 'messagesByAccount', String(ctx.user.id));
      return sendMessage(ctx.deps, ctx.user, input.conversationId, input.content, input.clientKey);
    }),

  markRead: protectedProcedure
    .input(conversationRefSchema)
    .output(z.object({ updated: z.number().int() }))
    .mutation(async ({ ctx, input }) => ({
      updated: await markConversationRead(ctx.deps, ctx.user, input.conversationId),
    })),

  deleteMessage: protectedProcedure
    .input(messageRefSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteMessage(ctx.deps, ctx.user, input.messageId);
      return { success: true as const };
    }),

  delete: protectedProcedure
    .input(conversationRefSchema)
    .output(successSchema)
    .mutation(async ({ ctx, input }) => {
      await deleteConversation(ctx.deps, ctx.user, input.conversationId);
      return { success: true as const };
    }),

  /**
   * The signed-in user's stream: new messages, read marks, deletions. Each event is tracked by its
   * database id; a client reconnecting with `lastEventId` receives exactly what it missed, in order,
   * once. Subscribing to wake-ups comes before reading, so nothing falls between the two. A client
   * resuming from an event no longer kept gets `refresh` first (decision 059): what it missed cannot be
   * replayed, so it reloads what it shows, and the stream goes on from the user's newest event.
   */
  events: protectedProcedure
    .input(z.object({ lastEventId: idSchema.nullish() }).optional())
    .subscription(async function* ({ ctx, input, signal }) {
      const { deps, user, sessionToken } = ctx;
      const wakes = new EventEmitter();
      const unsubscribe = deps.events.subscribe(user.id, () => wakes.emit('wake'));
      const poll = setInterval(() => wakes.emit('wake'), SAFETY_POLL_MS);
      let sessionCheckedAt = Date.now();
      try {
        const resumeFrom = input?.lastEventId;
        let lastId = resumeFrom ?? (await latestEventId(deps.db, user.id));
        let verifyResume = resumeFrom != null;
        const waiting = on(wakes, 'wake', { signal });
        for (;;) {
          let batch: Awaited<ReturnType<typeof eventsAfter>>;
          let delivered = 0;
          do {
            batch = await eventsAfter(deps.db, user.id, lastId, EVENT_BATCH);
            // Checked after the first read: pruning deletes from the oldest up, so when nothing after
            // the client's event is gone now, that read saw everything it missed.
            if (verifyResume) {
              verifyResume = false;
              if (!(await canResumeAfter(deps.db, lastId))) {
                const resumedFrom = lastId;
                lastId = await latestEventId(deps.db, user.id);
                batch = [];
                // With no event of the user's kept, the id it gave stays its place (ids start at 1).
                yield tracked(String(lastId || resumedFrom), { kind: 'refresh' as const });
              }
            }
            delivered += batch.length;
            for (const { id, event } of batch) {
              lastId = id;
              if (event) yield tracked(String(id), event);
            }
          } while (batch.length === EVENT_BATCH);
          // A wake-up with nothing new comes from a sign-out or the safety poll: the moment to
          // look at the session (and, at the latest, every SESSION_CHECK_MS).
          if (delivered === 0 || Date.now() - sessionCheckedAt > SESSION_CHECK_MS) {
            // A signed-out or expired session ends the stream with a reason the client will not retry.
            if (!(await deps.sessions.validate(sessionToken))) {
              throw new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.auth.unauthorized });
            }
            sessionCheckedAt = Date.now();
          }
          const next = await waiting.next();
          if (next.done) return;
        }
      } catch (err) {
        if (signal?.aborted) return;
        throw err;
      } finally {
        clearInterval(poll);
        unsubscribe();
      }
    }),
});
