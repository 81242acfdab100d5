import { z } from 'zod';

import {
  conversationSummarySchema,
  messagePageSchema,
  messageSchema,
  successSchema,
} from '@yardsale/validators';

import { api, procedureRoute } from '../route';
import type { RestRoute } from '../route';

/** Buyers and sellers writing to each other about a listing. */
export const conversationRoutes: RestRoute[] = [
  procedureRoute(api.conversations.start, {
    method: 'POST',
    url: '/api/conversations',
    operationId: 'startConversation',
    summary:
      "Open the conversation with a listing's seller (the existing one if any); answers its id",
    tag: 'conversations',
    body: 'input',
    response: z.object({ id: z.number().int() }),
    access: 'user',
  }),
  procedureRoute(api.conversations.list, {
    method: 'GET',
    url: '/api/conversations',
    operationId: 'listConversations',
    summary: "The signed-in user's conversations, newest activity first, with unread counts",
    tag: 'conversations',
    response: z.array(conversationSummarySchema),
    access: 'user',
  }),
  procedureRoute(api.conversations.messages, {
    method: 'GET',
    url: '/api/conversations/:id/messages',
    operationId: 'listMessages',
    summary: 'Messages of a conversation, oldest first, a page at a time (before, limit)',
    tag: 'conversations',
    id: 'conversationId',
    query: 'input',
    response: messagePageSchema,
    access: 'user',
  }),
  procedureRoute(api.conversations.send, {
    method: 'POST',
    url: '/api/conversations/:id/messages',
    operationId: 'sendMessage',
    summary: 'Send a message (1 to 2,000 characters)',
    tag: 'conversations',
    id: 'conversationId',
    body: 'input',
    response: messageSchema,
    access: 'user',
  }),
  procedureRoute(api.conversations.markRead, {
    method: 'POST',
    url: '/api/conversations/:id/read',
    operationId: 'markConversationRead',
    summary: "Mark the other party's messages read",
    tag: 'conversations',
    id: 'conversationId',
    response: z.object({ updated: z.number().int() }),
    access: 'user',
  }),
  procedureRoute(api.conversations.deleteMessage, {
    method: 'DELETE',
    url: '/api/messages/:id',
    operationId: 'deleteMessage',
    summary: "Delete one's own message",
    tag: 'conversations',
    id: 'messageId',
    response: successSchema,
    access: 'user',
  }),
  procedureRoute(api.conversations.delete, {
    method: 'DELETE',
    url: '/api/conversations/:id',
    operationId: 'deleteConversation',
    summary: 'Delete the conversation for oneself (removed when both have deleted it)',
    tag: 'conversations',
    id: 'conversationId',
    response: successSchema,
    access: 'user',
  }),
];
