import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { createTransport } from 'nodemailer';

import type { Logger } from './types';

/** One message in the product's voice: every mail has a plain-text part and a simple HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** A Message-ID of our own: the same notification sent again carries the same one. */
  messageId?: string;
}

/**
 * How mail leaves: through an SMTP server, into a folder of .eml files (development without one),
 * or not at all (production without one: features that need mail say it is unavailable).
 */
export type MailMode = 'smtp' | 'outbox' | 'off';

export interface Mailer {
  readonly mode: MailMode;
  /** Sends the message, or throws MailUnavailableError when mail is off. */
  send(message: MailMessage): Promise<void>;
}

export class MailUnavailableError extends Error {
  constructor() {
    super('Mail is off on this server');
    this.name = 'MailUnavailableError';
  }
}

interface MailerOptions {
  /** `smtp://user:pass@host:587` (or smtps://); mail goes out through it when set. */
  smtpUrl?: string;
  /** Where messages are written as .eml files when there is no SMTP server (development). */
  outboxDir?: string;
  /** The sender, e.g. `YardSale <no-reply@yardsale.example>`. */
  from: string;
  logger: Logger;
}

/**
 * How long a mail server may take (ms): to connect, to greet, between two replies, to resolve.
 * nodemailer's own defaults are minutes; a mail server that stalls must not hold a notification that
 * long. SMTP_URL may set others in its query (`?socketTimeout=60000`).
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 5_000,
} as const;

function withSmtpTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
}

/**
 * The mailer the settings ask for: SMTP when `smtpUrl` is set, else the outbox folder when one is
 * given, else off. Which one is a decision of the server's start (production never gets an outbox).
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, outboxDir, from, logger } = options;
  if (smtpUrl) {
    const transport = createTransport(withSmtpTimeouts(smtpUrl));
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
    };
  }
  if (outboxDir) {
    // The message as it would travel, built by nodemailer without sending it anywhere.
    const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return {
      mode: 'outbox',
      async send(message) {
        const built = await transport.sendMail({ from, ...message });
        await mkdir(outboxDir, { recursive: true });
        // Sortable by time, and never two with one name.
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
        await writeFile(file, built.message);
        logger.info({ file, subject: message.subject }, 'Mail written to the outbox');
      },
    };
  }
  return {
    mode: 'off',
    send() {
      return Promise.reject(new MailUnavailableError());
    },
  };
}
