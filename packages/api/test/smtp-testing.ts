import type { AddressInfo } from 'node:net';

import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  mail: ParsedMail;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The token of the newest link to `page` (e.g. '/verify-email') received for `to`; waits up to 10 s. */
  tokenFor(to: string, page: string): Promise<string>;
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps every message it is handed, parsed. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            mail,
          });
          callback();
        })
        .catch((error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const find = (to: string, page: string) => {
    const pattern = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`);
    for (const message of [...received].reverse()) {
      if (!message.to.includes(to)) continue;
      const token = pattern.exec(message.mail.text ?? '')?.[1];
      if (token) return token;
    }
    return null;
  };
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    received,
    async tokenFor(to, page) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const token = find(to, page);
        if (token) return token;
        if (Date.now() > deadline) throw new Error(`no ${page} link was mailed to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
