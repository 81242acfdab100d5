import { TRPCError, initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { SuperJSONResult } from 'superjson';

import { UI_TEXT } from '@yardsale/validators';

import type { Context } from './context';
import { describeError } from './errors';
import { liveStream } from './live-socket';
import { serializeOutput } from './output-serializer';
import { RateLimitedError } from './services/rate-limits';
import type { RateLimitName } from './services/rate-limits';

const t = initTRPC.context<Context>().create({
  // Clients read answers with superjson; serializeOutput writes the same format faster.
  transformer: {
    input: superjson,
    output: {
      serialize: serializeOutput,
      deserialize: (value: SuperJSONResult): unknown => superjson.deserialize(value),
    },
  },
  errorFormatter({ shape, error, ctx }) {
    const described = describeError(error, ctx?.deps.logger);
    return {
      ...shape,
      message: described.message,
      data: { ...shape.data, stack: undefined, ...described },
    };
  },
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * A websocket outlives its calls: each call on one is made as the socket's session is now (signed out,
 * expired, role changed), and one socket carries only so many calls and live streams (decision 024).
 */
const sessionNow = t.middleware(async ({ ctx, type, signal, next }) => {
  const { socket } = ctx;
  if (!socket) return next();
  const release = socket.admit(type);
  const stream = type === 'subscription' ? liveStream(socket, ctx.deps, release, signal) : null;
  let streaming = false;
  try {
    const session = await socket.session();
    const user = session?.user ?? null;
    const sessionToken = session?.token ?? null;
    if (!stream) return await next({ ctx: { user, sessionToken } });
    const result = await next({ ctx: { user, sessionToken, deps: stream.deps } });
    if (!result.ok) return result;
    streaming = true;
    return { ...result, data: stream.follow(result.data) };
  } finally {
    if (!streaming) {
      if (stream) stream.abandon();
      else release();
    }
  }
});

export const publicProcedure = t.procedure.use(sessionNow);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.sessionToken) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.auth.unauthorized });
  }
  // tRPC merges these into the context itself; only the narrowed fields are passed.
  return next({ ctx: { user: ctx.user, sessionToken: ctx.sessionToken } });
});

/** Posting, starting conversations, reviewing and reporting: only with a confirmed address (decision 067). */
export const verifiedProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.emailVerified) {
    throw new TRPCError({ code: 'FORBIDDEN', message: UI_TEXT.account.verify.required });
  }
  return next();
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: UI_TEXT.auth.forbidden });
  }
  return next();
});

/** Tells the client when to retry a refusal. */
function withRetryAfter(ctx: Context, err: unknown): unknown {
  if (err instanceof RateLimitedError) ctx.setHeader('Retry-After', String(err.retryAfterSeconds));
  return err;
}

/** Applies a named rate limit, telling the client when to retry. */
export async function enforceRateLimit(
  ctx: Context,
  name: RateLimitName,
  key: string,
  mode: 'consume' | 'check' = 'consume',
) {
  try {
    if (mode === 'consume') await ctx.deps.rateLimits.consume(name, key);
    else await ctx.deps.rateLimits.check(name, key);
  } catch (err) {
    throw withRetryAfter(ctx, err);
  }
}

/** A limit on the failures of a guess at a secret (a password, a code, a link). */
interface FailureLimit {
  name: RateLimitName;
  key: string;
  /** Counted, but never refusing: the account's owner where they usually sign in. */
  countOnly?: boolean;
}

/**
 * Checks a guess at a secret under limits on failures. Each limit takes its point before the guess is
 * checked, atomically, so concurrent guesses never get more checks between them than a limit has
 * points; past a limit the guess is refused unchecked (429 with Retry-After). Only wrong guesses
 * (`isWrong` of what `check` threw) keep their points: a right one, a refused one or a fault gives
 * them back.
 */
export async function limitedGuess<T>(
  ctx: Context,
  limits: FailureLimit[],
  check: () => Promise<T>,
  isWrong: (err: unknown) => boolean,
): Promise<T> {
  const { rateLimits } = ctx.deps;
  const taken: FailureLimit[] = [];
  const giveBack = () => Promise.all(taken.map((l) => rateLimits.giveBack(l.name, l.key)));
  try {
    for (const limit of limits) {
      try {
        await rateLimits.consume(limit.name, limit.key);
        taken.push(limit);
      } catch (err) {
        if (!(err instanceof RateLimitedError)) throw err;
        // Past the limit the point is taken all the same; a refusal gives it back below.
        taken.push(limit);
        if (!limit.countOnly) throw err;
      }
    }
  } catch (err) {
    await giveBack();
    throw withRetryAfter(ctx, err);
  }
  try {
    const result = await check();
    await giveBack();
    return result;
  } catch (err) {
    if (!isWrong(err)) await giveBack();
    throw err;
  }
}
