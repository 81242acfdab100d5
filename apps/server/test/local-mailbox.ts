import { recordingMailer } from '@yardsale/api/testing';
import type { RecordingMailer } from '@yardsale/api/testing';

/**
 * The inbox of everyone who signs up on a local (test or benchmark) server: it keeps every mail and,
 * unless told otherwise, opens each verification link at once over HTTP, as a neighbour who checks
 * their mail straight away would. The link is opened before the sign-up's answer returns, so the
 * account can post as soon as the client has it.
 */
export interface LocalMailbox extends RecordingMailer {
  /** The server's address, known once it listens. */
  attach(url: string): void;
}

export function localMailbox(options: { openVerificationLinks: boolean }): LocalMailbox {
  const inner = recordingMailer();
  let base: string | undefined;
  return {
    mode: inner.mode,
    sent: inner.sent,
    tokenFor: (to, page) => inner.tokenFor(to, page),
    arrived: (to, count) => inner.arrived(to, count),
    attach(url) {
      base = url;
    },
    async send(message) {
      await inner.send(message);
      if (!options.openVerificationLinks || !base) return;
      const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1];
      if (!token) return;
      const res = await fetch(`${base}/api/auth/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ token }),
      });
      if (!res.ok)
        throw new Error(`the verification link answered ${res.status}: ${await res.text()}`);
    },
  };
}
