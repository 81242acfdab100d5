import { EventEmitter } from 'node:events';

import type { Redis } from 'ioredis';

import type { Database, FileStorage } from '@yardsale/db';

import { createSessionManager } from '../auth/sessions';
import { createMemoryEventBus } from './event-bus';
import type { EventBus } from './event-bus';
import { createMailer } from './mail';
import type { Mailer } from './mail';
import type { PushSender } from './push';
import { createRateLimits } from './rate-limits';
import type { RateLimitSettings } from './rate-limits';
import type { Resolve } from './outbound';
import type { ApiConfig, OutboxSignal, ServerDeps, Logger } from './types';

function createOutboxSignal(): OutboxSignal {
  const emitter = new EventEmitter();
  return {
    kick: () => emitter.emit('kick'),
    onKick(listener) {
      emitter.on('kick', listener);
      return () => emitter.off('kick', listener);
    },
  };
}

export function createServerDeps(options: {
  db: Database;
  storage: FileStorage;
  config: ApiConfig;
  logger: Logger;
  redis?: Redis;
  /** Defaults to an in-process bus (one instance). */
  events?: EventBus;
  rateLimits?: Partial<RateLimitSettings>;
  /** Put before every rate-limit key in Redis (tests sharing one Redis). */
  rateLimitKeyPrefix?: string;
  /** Defaults to off: a caller that sends mail is told it is unavailable. */
  mail?: Mailer;
  /** Defaults to off (null): no VAPID keys, no push. */
  push?: PushSender | null;
  /** How push endpoints' hosts resolve (tests); the system's resolver by default. */
  resolveHost?: Resolve;
  now?: () => Date;
}): ServerDeps {
  const now = options.now ?? (() => new Date());
  return {
    db: options.db,
    storage: options.storage,
    config: options.config,
    logger: options.logger,
    mail: options.mail ?? createMailer({ from: 'YardSale', logger: options.logger }),
    push: options.push ?? null,
    // Sessions age by the same clock as everything else (tests move it).
    sessions: createSessionManager(options.db, {
      secureCookies: options.config.secureCookies,
      now,
    }),
    rateLimits: createRateLimits({
      redis: options.redis,
      settings: options.rateLimits,
      keyPrefix: options.rateLimitKeyPrefix,
    }),
    events: options.events ?? createMemoryEventBus(),
    outbox: createOutboxSignal(),
    matching: createOutboxSignal(),
    ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
    now,
  };
}
