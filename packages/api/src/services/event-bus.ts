import { EventEmitter } from 'node:events';

import type postgres from 'postgres';

/**
 * Wakes the open clients of some users: "there are new events for you". The events themselves are
 * rows in user_events; a woken reader loads what came after the last id it sent, so a lost or
 * repeated wake-up can never lose or repeat an event.
 */
export interface EventBus {
  /** After the events' transaction has committed. */
  wake(userIds: number[]): Promise<void>;
  /**
   * Calls `onWake` whenever the user may have new events, with the moment the wake-up was sent (ms since
   * the epoch, by the sending instance's clock) when known; returns the unsubscribe function.
   */
  subscribe(userId: number, onWake: (sentAt?: number) => void): () => void;
  /**
   * After some sessions of these users ended (sign-out, password change): every instance checks the
   * sockets those users have open and closes the ones whose session is gone. Their streams are woken too.
   */
  sessionsEnded(userIds: number[]): Promise<void>;
  /** Calls `listener` with each user whose sessions ended; returns the unsubscribe function. */
  onSessionsEnded(listener: (userId: number) => void): () => void;
  close(): Promise<void>;
}

const SESSIONS_ENDED = 'sessions-ended';

/** The in-process bus, plus a wake-up that carries the moment another instance sent it. */
function createLocalEventBus(): EventBus & {
  deliver(userIds: number[], sentAt: number | undefined): void;
} {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const bus = {
    deliver(userIds: number[], sentAt: number | undefined) {
      for (const userId of new Set(userIds)) emitter.emit(String(userId), sentAt);
    },
    wake(userIds: number[]) {
      bus.deliver(userIds, Date.now());
      return Promise.resolve();
    },
    subscribe(userId: number, onWake: (sentAt?: number) => void) {
      emitter.on(String(userId), onWake);
      return () => {
        emitter.off(String(userId), onWake);
      };
    },
    async sessionsEnded(userIds: number[]) {
      for (const userId of new Set(userIds)) emitter.emit(SESSIONS_ENDED, userId);
      await bus.wake(userIds);
    },
    onSessionsEnded(listener: (userId: number) => void) {
      emitter.on(SESSIONS_ENDED, listener);
      return () => {
        emitter.off(SESSIONS_ENDED, listener);
      };
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
  return bus;
}

/** One process (the embedded database): an in-process emitter. */
export function createMemoryEventBus(): EventBus {
  return createLocalEventBus();
}

const CHANNEL = 'user_events';
const SESSIONS_CHANNEL = 'sessions_ended';

/** Marks the entry of a payload that carries the moment it was sent (ms since the epoch). */
const SENT_AT = '@';

/**
 * NOTIFY payloads are limited to 8000 bytes: large fan-outs go in chunks. Each chunk ends with the
 * moment it was sent, which an instance reading ids only ignores (it is not a number).
 */
async function notifyIds(sql: postgres.Sql, channel: string, userIds: number[]) {
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 500) {
    await sql.notify(channel, `${unique.slice(i, i + 500).join(',')},${SENT_AT}${Date.now()}`);
  }
}

function parseIds(payload: string): number[] {
  return payload
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

function parseSentAt(payload: string): number | undefined {
  const at = payload.lastIndexOf(`,${SENT_AT}`);
  if (at === -1) return undefined;
  const sentAt = Number(payload.slice(at + 2));
  return Number.isFinite(sentAt) ? sentAt : undefined;
}

/**
 * Several server instances on one PostgreSQL: wake-ups travel by LISTEN/NOTIFY (payload: user ids
 * only), so a message sent through one instance reaches a client connected to another.
 */
export async function createPostgresEventBus(sql: postgres.Sql): Promise<EventBus> {
  const local = createLocalEventBus();
  const listener = await sql.listen(CHANNEL, (payload) =>
    local.deliver(parseIds(payload), parseSentAt(payload)),
  );
  const sessionsListener = await sql.listen(
    SESSIONS_CHANNEL,
    (payload) => void local.sessionsEnded(parseIds(payload)),
  );
  return {
    wake: (userIds) => notifyIds(sql, CHANNEL, userIds),
    subscribe: (userId, onWake) => local.subscribe(userId, onWake),
    // Every instance, this one included, hears it through LISTEN.
    sessionsEnded: (userIds) => notifyIds(sql, SESSIONS_CHANNEL, userIds),
    onSessionsEnded: (listener) => local.onSessionsEnded(listener),
    async close() {
      await listener.unlisten();
      await sessionsListener.unlisten();
      await local.close();
    },
  };
}
