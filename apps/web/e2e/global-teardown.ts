import { rm } from 'node:fs/promises';

import { e2eEnv } from './env';

/** The server has stopped by now; its temporary database folder goes with it. */
export default async function globalTeardown() {
  await rm(e2eEnv.dataDir, { recursive: true, force: true });
}
