import { test as setup } from '@playwright/test';

import { SEEDED_MEMBER, sessionOf } from './admin-helpers';
import { e2eEnv } from './env';

// The journeys that run last (the `everyone` project) sign in as these two. Signing them in first,
// while the run's sign-in allowance is untouched, means those journeys never wait on it.
setup('the admin and a seeded neighbour sign in once for the whole run', async () => {
  await sessionOf(e2eEnv.admin);
  await sessionOf(SEEDED_MEMBER);
});
