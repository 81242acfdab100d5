import type { Database, FileStorage } from '@yardsale/db';
import type { MapConfig } from '@yardsale/validators';

import type { SessionManager } from '../auth/sessions';
import type { EventBus } from './event-bus';
import type { Mailer } from './mail';
import type { PushSender } from './push';
import type { Resolve } from './outbound';
import type { RateLimits } from './rate-limits';

export interface ApiConfig {
  /** The account with this e-mail is an admin (set at registration and at server start). */
  adminEmail: string;
  /** Secure cookies in production (HTTPS). */
  secureCookies: boolean;
  /** The map's tiles and their credit; OpenStreetMap's when not given (DEFAULT_MAP_TILES). */
  mapTiles?: MapConfig;
  /** Where links in mails point: the site's public address (APP_ORIGIN), never one a request names. */
  linkOrigin?: string;
  /** Production: push endpoints must resolve to public addresses only (decision 073). */
  production?: boolean;
}

/** The part of pino the API uses, so tests can pass a silent or recording logger. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Long-lived dependencies, built once at start and shared by every request. */
export interface ServerDeps {
  db: Database;
  storage: FileStorage;
  sessions: SessionManager;
  rateLimits: RateLimits;
  /** Wakes subscribers when user_events gain rows (in process, or across instances on PostgreSQL). */
  events: EventBus;
  config: ApiConfig;
  /** Sends the product's mail (SMTP, the development outbox, or off). */
  mail: Mailer;
  /** Sends web push with the server's VAPID keys; null where push is off (production without keys). */
  push: PushSender | null;
  logger: Logger;
  /** Tells the outbox worker that rows were committed, so it sends now rather than at its next poll. */
  outbox: OutboxSignal;
  /** Tells the saved-search matcher that listings were created, so it matches them now (decision 077). */
  matching: OutboxSignal;
  /** How push endpoints' hosts are resolved; the system's resolver unless a test gives one. */
  resolveHost?: Resolve;
  /** The clock; tests move it instead of sleeping. */
  now: () => Date;
}

/**
 * A wake-up for a worker of this process: the outbox's, or the saved-search matcher's (there may be
 * none: tests run batches themselves).
 */
export interface OutboxSignal {
  kick(): void;
  onKick(listener: () => void): () => void;
}
