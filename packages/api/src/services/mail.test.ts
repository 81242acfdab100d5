import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestSmtpServer } from '../../test/smtp-testing';
import type { TestSmtpServer } from '../../test/smtp-testing';
import { recordingLogger } from '../../test/testing';
import { MailUnavailableError, SMTP_TIMEOUTS, createMailer } from './mail';

const MESSAGE = {
  to: 'maria.gonzalez@example.com',
  subject: 'Verify your e-mail',
  text: 'Hi Maria,\n\nOpen this link to verify your e-mail: https://yardsale.example/verify-email?token=abc',
  html: '<p>Hi Maria,</p><p><a href="https://yardsale.example/verify-email?token=abc">Verify your e-mail</a></p>',
};
const FROM = 'YardSale <no-reply@yardsale.example>';

describe('mail through an SMTP server', () => {
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers a message with its plain-text and HTML parts to the SMTP_URL server', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: FROM,
      logger: recordingLogger(),
    });
    expect(mailer.mode).toBe('smtp');
    await mailer.send(MESSAGE);

    expect(smtp.received).toHaveLength(1);
    const [delivery] = smtp.received;
    expect(delivery?.from).toBe('no-reply@yardsale.example');
    expect(delivery?.to).toEqual(['maria.gonzalez@example.com']);
    expect(delivery?.mail.subject).toBe('Verify your e-mail');
    expect(delivery?.mail.from?.value).toEqual([
      { name: 'YardSale', address: 'no-reply@yardsale.example' },
    ]);
    expect(delivery?.mail.text?.trim()).toBe(MESSAGE.text);
    expect(delivery?.mail.html).toContain('href="https://yardsale.example/verify-email?token=abc"');
  });

  it('gives up on a mail server that accepts the connection but never greets, within its time limit', async () => {
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${String(port)}`,
        from: FROM,
        logger: recordingLogger(),
      });
      const started = Date.now();
      await expect(mailer.send(MESSAGE)).rejects.toThrow(/greeting/i);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(SMTP_TIMEOUTS.greetingTimeout - 100);
      expect(took).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout + 5_000);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);
});

describe('mail without an SMTP server', () => {
  const outbox = mkdtempSync(path.join(os.tmpdir(), 'yardsale-outbox-'));
  afterAll(() => rmSync(outbox, { recursive: true, force: true }));

  it('is written to the outbox folder as an .eml file, and the log names the file', async () => {
    const logger = recordingLogger();
    const mailer = createMailer({ outboxDir: outbox, from: FROM, logger });
    expect(mailer.mode).toBe('outbox');
    await mailer.send(MESSAGE);

    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const [file = ''] = files;
    expect(file).toMatch(/\.eml$/);
    const mail = await simpleParser(readFileSync(path.join(outbox, file)));
    expect(mail.subject).toBe('Verify your e-mail');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(
      'maria.gonzalez@example.com',
    );
    expect(mail.text?.trim()).toBe(MESSAGE.text);
    expect(mail.html).toContain('Verify your e-mail</a>');
    expect(JSON.stringify(logger.entries)).toContain(path.join(outbox, file));
  });

  it('is refused, never pretended, when mail is off', async () => {
    const mailer = createMailer({ from: FROM, logger: recordingLogger() });
    expect(mailer.mode).toBe('off');
    await expect(mailer.send(MESSAGE)).rejects.toBeInstanceOf(MailUnavailableError);
  });
});
