import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { newVapidKeys } from '@yardsale/api';
import type { VapidKeys } from '@yardsale/api';

import type { ServerConfig } from './env';

const KEY_PATTERN = { publicKey: /^[A-Za-z0-9_-]{87}$/, privateKey: /^[A-Za-z0-9_-]{43}$/ };

/**
 * The VAPID identity push is sent with: the configured pair, or the development pair kept in the data
 * folder (made on the first start, then read back, so browsers' subscriptions keep working across
 * restarts), or null where push is off (production without keys).
 */
export async function loadVapidKeys(push: ServerConfig['push']): Promise<VapidKeys | null> {
  if (push.keys) return { ...push.keys, subject: push.subject };
  if (!push.keysFile) return null;
  const saved = await readFile(push.keysFile, 'utf8').catch((err: unknown) => {
    if ((err as { code?: unknown }).code === 'ENOENT') return null;
    throw err;
  });
  if (saved !== null) {
    const parsed = JSON.parse(saved) as Partial<Record<'publicKey' | 'privateKey', unknown>>;
    const { publicKey, privateKey } = parsed;
    if (
      typeof publicKey !== 'string' ||
      typeof privateKey !== 'string' ||
      !KEY_PATTERN.publicKey.test(publicKey) ||
      !KEY_PATTERN.privateKey.test(privateKey)
    ) {
      // Replacing it would silently end every subscription made with it: the operator decides.
      throw new Error(
        `${push.keysFile} does not hold a VAPID key pair; remove it to make a new one (browsers then subscribe again)`,
      );
    }
    return { publicKey, privateKey, subject: push.subject };
  }
  const keys = newVapidKeys();
  await mkdir(path.dirname(push.keysFile), { recursive: true });
  // Only the server's user may read the private key.
  await writeFile(push.keysFile, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return { ...keys, subject: push.subject };
}
