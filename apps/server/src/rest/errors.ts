import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply } from 'fastify';
import { ZodError } from 'zod';

import { describeError } from '@yardsale/api';
import type { Logger } from '@yardsale/api';

/** The REST shape of every refusal: a status and `{ message }`, plus field errors and a fault id. */
export async function sendError(reply: FastifyReply, err: unknown, logger: Logger) {
  const error =
    err instanceof TRPCError
      ? err
      : err instanceof ZodError
        ? new TRPCError({ code: 'BAD_REQUEST', cause: err })
        : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: err });
  const described = describeError(error, logger);
  const body: Record<string, unknown> = { message: described.message };
  if (described.zodError) body.errors = described.zodError.fieldErrors;
  if (described.errorId) body.errorId = described.errorId;
  await reply.code(getHTTPStatusCodeFromError(error)).send(body);
}
