import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';

import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

import { e2eEnv } from './env';

/** Where a test server writes its mail: no SMTP_URL outside production means the outbox folder. */
const outboxOf = (dataDir: string) => path.join(dataDir, 'outbox');

/** Undoes quoted-printable: long lines are folded with "=" and "=" itself is written "=3D". */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The newest link to `page` (e.g. '/verify-email') mailed to `to`, read from the outbox as a
 * person would open it; waits up to 10 s for the mail to be written.
 */
export async function mailedLink(
  to: string,
  page: string,
  /** The server's data folder: the usual one, or the passkey journeys' own. */
  dataDir = e2eEnv.dataDir,
): Promise<string> {
  const outbox = outboxOf(dataDir);
  const pattern = new RegExp(`https?://[^\\s"<>]*${page}\\?token=[A-Za-z0-9_-]+`, 'g');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml'));
        // Names start with the time written: newest last.
        for (const file of files.sort().reverse()) {
          const message = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
          if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'im').test(message)) continue;
          link = message.match(pattern)?.[0];
          if (link) return true;
        }
        return false;
      },
      { message: `a ${page} link mailed to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return link ?? '';
}

/** The token of the newest such link. */
export async function mailedToken(to: string, page: string): Promise<string> {
  return new URL(await mailedLink(to, page)).searchParams.get('token') ?? '';
}

/** Opens the verification link mailed to `email` through the API, as the page it leads to does. */
export async function verifyMailedAddress(request: APIRequestContext, email: string) {
  const response = await request.post('/api/auth/verify-email', {
    data: { token: await mailedToken(email, '/verify-email') },
    headers: { origin: e2eEnv.baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
