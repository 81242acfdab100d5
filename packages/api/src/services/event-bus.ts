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
  /** Calls `onWake` whenever the user may have new events; returns the unsubscribe function. */
  subscribe(userId: number, onWake: () => void): () => void;
  close(): Promise<void>;
}

/** One process (the embedded database): an in-process emitter. */
export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    wake(userIds) {
      for (const userId of new Set(userIds)) emitter.emit(String(userId));
      return Promise.resolve();
    },
    subscribe(userId, onWake) {
      emitter.on(String(userId), onWake);
      return () => emitter.off(String(userId), onWake);
    },
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}

const CHANNEL = 'user_events';

/**
 * Several server instances on one PostgreSQL: wake-ups travel by LISTEN/NOTIFY (payload: user ids
 * only), so a message sent through one instance reaches a client connected to another.
 */
export async function createPostgresEventBus(sql: postgres.Sql): Promise<EventBus> {
  const local = createMemoryEventBus();
  const listener = await sql.listen(CHANNEL, (payload) => {
    const ids = payload
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    void local.wake(ids);
  });
  return {
    async wake(userIds) {
      const unique = [...new Set(userIds)];
      // NOTIFY payloads are limited to 8000 bytes: large fan-outs go in chunks.
      for (let i = 0; i < unique.length; i += 500) {
        await sql.notify(CHANNEL, unique.slice(i, i + 500).join(','));
      }
    },
    subscribe: (userId, onWake) => local.subscribe(userId, onWake),
    async close() {
      await listener.unlisten();
      await local.close();
    },
  };
}
