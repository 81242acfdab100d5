import type { ConversationClosedReason } from '@yardsale/validators';
import { useSyncExternalStore } from 'react';

import type { ConversationSummary } from './conversation-cache';

/**
 * A conversation the server closed while this tab showed it (its listing went): the summary as last
 * shown, and why. The server no longer has it, so the tab keeps it to go on showing the thread with
 * its notice until the reader moves on; a reload no longer lists it.
 */
export interface ClosedConversation {
  conversation: ConversationSummary;
  reason: ConversationClosedReason;
}

let closed: ReadonlyMap<number, ClosedConversation> = new Map();
const listeners = new Set<() => void>();

function publish(next: ReadonlyMap<number, ClosedConversation>) {
  closed = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function markConversationClosed(entry: ClosedConversation) {
  publish(new Map(closed).set(entry.conversation.id, entry));
}

/** The reader removed a closed conversation from their list. */
export function forgetClosedConversation(conversationId: number) {
  if (!closed.has(conversationId)) return;
  const next = new Map(closed);
  next.delete(conversationId);
  publish(next);
}

/** On sign-out: nothing of one person's screens stays for the next. */
export function forgetClosedConversations() {
  if (closed.size > 0) publish(new Map());
}

export function useClosedConversations(): ReadonlyMap<number, ClosedConversation> {
  return useSyncExternalStore(subscribe, () => closed);
}

/**
 * The list as shown: the server's conversations and, in their place by last message, those closed
 * while shown here.
 */
export function withClosedConversations(
  list: ConversationSummary[],
  closedHere: ReadonlyMap<number, ClosedConversation>,
): ConversationSummary[] {
  if (closedHere.size === 0) return list;
  const listed = new Set(list.map((item) => item.id));
  const extra = [...closedHere.values()]
    .map((entry) => entry.conversation)
    .filter((conversation) => !listed.has(conversation.id));
  if (extra.length === 0) return list;
  return [...list, ...extra].sort((a, b) => b.lastMessageAt.getTime() - a.lastMessageAt.getTime());
}
