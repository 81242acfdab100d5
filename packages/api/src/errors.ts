import { randomUUID } from 'node:crypto';

import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

import { MAX_BATCH_SIZE, UI_TEXT } from '@yardsale/validators';

import { errorForLog } from './log-safety';
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
 * Refusals tRPC raises itself, before any procedure runs, keyed by the start of its message: its
 * wording is for developers, so a client reads the product's sentence instead.
 */
const PROTOCOL_REFUSALS: [prefix: string, message: string][] = [
  ['Batch call exceeds maximum size', UI_TEXT.request.batchTooLarge(MAX_BATCH_SIZE)],
  ['No procedure found on path', UI_TEXT.request.notFound],
  ['No "', UI_TEXT.request.notFound],
  ['Unsupported content-type', UI_TEXT.request.unsupportedMediaType],
  ['Missing content-type header', UI_TEXT.request.unsupportedMediaType],
  ['Cannot use stream-like response', UI_TEXT.request.unsupportedMediaType],
  ['Unsupported GET-request', UI_TEXT.request.methodNotAllowed],
  ['Unsupported POST-request', UI_TEXT.request.methodNotAllowed],
  ['Only POST requests are supported', UI_TEXT.request.methodNotAllowed],
  ['Method override is not supported', UI_TEXT.request.methodNotAllowed],
  ['Missing experimental flag', UI_TEXT.request.methodNotAllowed],
  ['"input" needs to be an object', UI_TEXT.request.unreadable],
  ['Cannot mix procedure types', UI_TEXT.request.unreadable],
  ['Cannot batch subscription calls', UI_TEXT.request.unreadable],
  ['Cannot return an async iterable', UI_TEXT.request.unreadable],
  ['Invalid URL', UI_TEXT.request.unreadable],
  ['Batching is not enabled', UI_TEXT.request.unreadable],
  ['Streaming requests must be batched', UI_TEXT.request.unreadable],
  ['Duplicate id ', UI_TEXT.request.unreadable],
  ['`id` is required', UI_TEXT.request.unreadable],
  ['Unexpected WebSocket message format', UI_TEXT.request.unreadable],
];

/**
 * The sentence for a refusal the server did not word itself: tRPC's parsing of a body, query string
 * or websocket frame (bad JSON, a broken superjson envelope, a missing input) carries the parser's
 * own exception as its cause, and its protocol checks have developer wording. Null for our own
 * refusals, which keep their message.
 */
function protocolRefusal(error: TRPCError): string | null {
  if (error.code === 'PARSE_ERROR') return UI_TEXT.request.unreadable;
  // Without a message of its own, an error's message is its code (a body over the adapter's limit).
  if (error.message === error.code) {
    return error.code === 'PAYLOAD_TOO_LARGE'
      ? UI_TEXT.request.tooLarge
      : UI_TEXT.request.unreadable;
  }
  // A cause that is neither a schema's refusal nor one of ours is an exception from parsing.
  if (error.cause && !(error.cause instanceof ZodError) && !(error.cause instanceof TRPCError)) {
    return UI_TEXT.request.unreadable;
  }
  if (error.cause) return null;
  return PROTOCOL_REFUSALS.find(([prefix]) => error.message.startsWith(prefix))?.[1] ?? null;
}

/**
 * What a client may learn of an error, for every transport: a refused input gives its first
 * field message; a request tRPC could not read gives a product sentence, not the parser's words;
 * a fault gives a generic sentence and is logged with an id, never a stack.
 */
export function describeError(error: TRPCError, logger: Logger | undefined): PublicError {
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    const errorId = randomUUID();
    // Never the raw error: a database fault carries its statement's parameters (password hashes, e-mails).
    (logger ?? console).error(
      { err: errorForLog(error.cause ?? error), errorId },
      'request failed',
    );
    return { message: `${UI_TEXT.serverError} (ref ${errorId})`, zodError: null, errorId };
  }
  if (error.cause instanceof ZodError) {
    const flat = fieldErrorsOf(error.cause);
    const first =
      flat.formErrors[0] ??
      Object.values(flat.fieldErrors).find((m) => m?.length)?.[0] ??
      error.message;
    return { message: first, zodError: flat, errorId: null };
  }
  const refusal = protocolRefusal(error);
  if (refusal) return { message: refusal, zodError: null, errorId: null };
  return { message: error.message, zodError: null, errorId: null };
}
