import { rm } from 'node:fs/promises';

import { e2eEnv } from './env';

/** The servers have stopped by now; their temporary folders go with them. */
export default async function globalTeardown() {
  await rm(e2eEnv.dataDir, { recursive: true, force: true });
  await rm(e2eEnv.passkeys.dataDir, { recursive: true, force: true });
  await rm(e2eEnv.pushService.dir, { recursive: true, force: true });
}
