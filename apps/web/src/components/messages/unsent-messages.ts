import { useSyncExternalStore } from 'react';

import { createDeviceStore } from '../../lib/device-store';

/**
 * What a person wrote that the server has not stored yet, kept on this device (localStorage) per
 * account and conversation so neither a dropped connection nor a reload loses it: the draft in
 * the composer, and messages whose send failed (shown in the thread with Retry). Keyed by account
 * too, so two people sharing a device never see each other's.
 */

/** A message the server never confirmed. Its key goes with every retry, so it is stored once. */
export interface UnsentMessage {
  clientKey: string;
  content: string;
  /** When it was first sent (ISO), for its place and time in the thread. */
  failedAt: string;
}

function draftKey(myId: number, conversationId: number) {
  return `yardsale.message-draft.${String(myId)}.${String(conversationId)}`;
}

function unsentKey(myId: number, conversationId: number) {
  return `yardsale.unsent-messages.${String(myId)}.${String(conversationId)}`;
}

export function readDraft(myId: number, conversationId: number): string {
  try {
    return localStorage.getItem(draftKey(myId, conversationId)) ?? '';
  } catch {
    // Storage refused (a private mode): the draft lives as long as the screen.
    return '';
  }
}

/** Keeps the composer's text; an empty composer forgets it. */
export function writeDraft(myId: number, conversationId: number, text: string): void {
  try {
    if (text.trim() === '') localStorage.removeItem(draftKey(myId, conversationId));
    else localStorage.setItem(draftKey(myId, conversationId), text);
  } catch {
    // Storage refused or full: the text is still in the composer.
  }
}

function isUnsentMessage(value: unknown): value is UnsentMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    'clientKey' in value &&
    typeof value.clientKey === 'string' &&
    'content' in value &&
    typeof value.content === 'string' &&
    'failedAt' in value &&
    typeof value.failedAt === 'string'
  );
}

function parseUnsent(raw: string | null): readonly UnsentMessage[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isUnsentMessage) : [];
  } catch {
    return [];
  }
}

/** Keys of the messages this tab is sending right now: shown as "Sending…", not as failed. */
let inFlight: ReadonlySet<string> = new Set();
const inFlightListeners = new Set<() => void>();

export function markInFlight(clientKey: string, sending: boolean): void {
  const next = new Set(inFlight);
  if (sending) next.add(clientKey);
  else next.delete(clientKey);
  inFlight = next;
  for (const listener of inFlightListeners) listener();
}

export function useInFlight(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      inFlightListeners.add(listener);
      return () => inFlightListeners.delete(listener);
    },
    () => inFlight,
  );
}

const stores = new Map<string, ReturnType<typeof createUnsentStore>>();

function createUnsentStore(key: string) {
  const store = createDeviceStore(key, parseUnsent);
  const write = (messages: readonly UnsentMessage[]) =>
    store.write(messages.length === 0 ? null : JSON.stringify(messages));
  return {
    ...store,
    add: (message: UnsentMessage) =>
      write([
        ...store.getSnapshot().filter((item) => item.clientKey !== message.clientKey),
        message,
      ]),
    remove: (clientKey: string) =>
      write(store.getSnapshot().filter((item) => item.clientKey !== clientKey)),
  };
}

/** The failed messages of one conversation, shared by the thread and the composer. */
export function unsentMessages(myId: number, conversationId: number) {
  const key = unsentKey(myId, conversationId);
  let store = stores.get(key);
  if (!store) {
    store = createUnsentStore(key);
    stores.set(key, store);
  }
  return store;
}

export function useUnsentMessages(myId: number, conversationId: number): readonly UnsentMessage[] {
  const store = unsentMessages(myId, conversationId);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
