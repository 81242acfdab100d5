import { z } from './zod';

import { CONVERSATION_CLOSED_REASONS, PRICE_RANGES } from './constants';
import { idSchema as id } from './input';
import { messageContentSchema } from './trust';

export const messageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: z.date(),
});
export type Message = z.output<typeof messageSchema>;

export const participantSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  role: z.enum(['user', 'admin', 'system']),
  /** A deleted account (decision 068): shown as "Deleted user", no profile, no replies. */
  deleted: z.boolean(),
});

export const conversationSummarySchema = z.object({
  id: z.number().int(),
  listingId: z.number().int().nullable(),
  buyerId: z.number().int(),
  sellerId: z.number().int(),
  isAnnouncement: z.boolean(),
  lastMessageAt: z.date(),
  createdAt: z.date(),
  /** What a thread's header shows of the listing; null for announcements. */
  listing: z
    .object({
      id: z.number().int(),
      title: z.string(),
      priceRange: z.enum(PRICE_RANGES),
      /** The listing's cover photo at card size; null when it has no photo. */
      photoUrl: z.string().nullable(),
    })
    .nullable(),
  buyer: participantSchema,
  seller: participantSchema,
  unreadCount: z.number().int(),
  lastMessage: messageSchema
    .pick({ id: true, content: true, senderId: true, createdAt: true })
    .nullable(),
});
export type ConversationSummary = z.output<typeof conversationSummarySchema>;

export const messagePageSchema = z.object({
  /** Oldest first. */
  items: z.array(messageSchema),
  /** Pass as `before` for older messages; null when there are none. */
  nextCursor: z.number().int().nullable(),
});

export const conversationMessagesInputSchema = z.object({
  conversationId: id,
  before: id.nullish(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const conversationRefSchema = z.object({ conversationId: id });
export const messageRefSchema = z.object({ messageId: id });
export const sendMessageInputSchema = z.object({
  conversationId: id,
  content: messageContentSchema,
  /**
   * Made by the sender's device for this one message and sent again with every retry: a send
   * whose answer was lost, retried with the same key, gives back the message already sent
   * rather than a second copy (decision 088).
   */
  clientKey: z.uuid().optional(),
});

/** What a signed-in user's open clients hear, each tagged with its event id for resuming. */
export const conversationEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message.created'),
    conversationId: z.number().int(),
    message: messageSchema,
  }),
  /** The recipient has read the conversation's messages up to this id. */
  z.object({
    kind: z.literal('message.read'),
    conversationId: z.number().int(),
    messageId: z.number().int(),
  }),
  z.object({
    kind: z.literal('message.deleted'),
    conversationId: z.number().int(),
    messageId: z.number().int(),
  }),
  z.object({ kind: z.literal('conversation.deleted'), conversationId: z.number().int() }),
  /**
   * The conversation is closed for the other party: its listing was deleted, so the conversation was
   * removed with it. An open thread keeps what it shows and says why; nothing more can be sent.
   */
  z.object({
    kind: z.literal('conversation.closed'),
    conversationId: z.number().int(),
    reason: z.enum(CONVERSATION_CLOSED_REASONS),
  }),
  /**
   * The client resumed from an event that is no longer kept (older than the kept week, or unknown):
   * what it missed cannot be replayed, so it refetches everything it shows (decision 059).
   */
  z.object({ kind: z.literal('refresh') }),
]);
export type ConversationEvent = z.output<typeof conversationEventSchema>;
