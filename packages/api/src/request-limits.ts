import { TRPCError } from '@trpc/server';

import type { SessionUser } from '@yardsale/validators';
import { UI_TEXT } from '@yardsale/validators';

import type { Context } from './context';
import { RateLimitedError } from './services/rate-limits';
import { enforceRateLimit } from './trpc';

/*
 * Limits the REST upload and download paths apply to their request before any work is done. They
 * live beside the procedures rather than in the services: a limit answers a request (Retry-After),
 * and the services know nothing of requests.
 */

/** A profile picture: each upload is counted for the account, since each is a costly decode. */
export async function limitProfilePictureUpload(ctx: Context, user: SessionUser): Promise<void> {
  await enforceRateLimit(ctx, 'profilePictureByAccount', String(user.id));
}

/**
 * Three downloads an hour per account: each reads every row and photo of the user. The refusal says when
 * to come back (and sets Retry-After).
 */
export async function limitAccountExport(ctx: Context, user: SessionUser): Promise<void> {
  try {
    await enforceRateLimit(ctx, 'exportByAccount', String(user.id));
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err;
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: UI_TEXT.dataExport.tooMany(Math.ceil(err.retryAfterSeconds / 60)),
    });
  }
}
