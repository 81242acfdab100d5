import { randomUUID } from 'node:crypto';

import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

import { MESSAGES } from '@yardsale/validators';

import type { Logger } from './services/types';

export interface PublicError {
  /** The sentence a person reads. */
  message: string;
  /** Field messages when input was refused by a schema. */
  zodError: { formErrors: string[]; fieldErrors: Record<string, string[] | undefined> } | null;
  /** For a server fault: the id under which it was logged. */
  errorId: string | null;
}

/**
 * Field messages keyed by the field's own name, also when the input wraps the form in another object
 * (`{ id, listing: {...} }`), so a client can put each message on its field.
 */
function fieldErrorsOf(error: ZodError): NonNullable<PublicError['zodError']> {
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.filter((p): p is string => typeof p === 'string').at(-1);
    if (field === undefined) formErrors.push(issue.message);
    else (fieldErrors[field] ??= []).push(issue.message);
  }
  return { formErrors, fieldErrors };
}

/**
 * What a client may learn of an error, for every transport: a refused input gives its first
 * field message; a fault gives a generic sentence and is logged with an id, never a stack.
 */
export function describeError(error: TRPCError, logger: Logger | undefined): PublicError {
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    const errorId = randomUUID();
    (logger ?? console).error({ err: error.cause ?? error, errorId }, 'request failed');
    return { message: `${MESSAGES.serverError} (ref ${errorId})`, zodError: null, errorId };
  }
  if (error.cause instanceof ZodError) {
    const flat = fieldErrorsOf(error.cause);
    const first =
      flat.formErrors[0] ?? Object.values(flat.fieldErrors).find((m) => m?.length)?.[0] ?? error.message;
    return { message: first, zodError: flat, errorId: null };
  }
  return { message: error.message, zodError: null, errorId: null };
}
