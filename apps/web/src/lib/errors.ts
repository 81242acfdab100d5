import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import type { UploadError } from './upload';

/** What the server's error formatter adds to every tRPC error (see packages/api trpc.ts). */
interface ErrorData {
  code?: string;
  httpStatus?: number;
  zodError?: { fieldErrors: Record<string, string[] | undefined> } | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/*
 * Read by hand rather than with a zod schema: route loaders use these helpers, and route
 * definitions load with the first page, which should not need a validation library.
 */
function fieldErrorsOf(value: unknown): Record<string, string[] | undefined> | undefined {
  if (!isRecord(value) || !isRecord(value.fieldErrors)) return undefined;
  const fieldErrors: Record<string, string[] | undefined> = {};
  for (const [field, messages] of Object.entries(value.fieldErrors)) {
    if (Array.isArray(messages)) {
      fieldErrors[field] = messages.filter(
        (message): message is string => typeof message === 'string',
      );
    }
  }
  return fieldErrors;
}

/**
 * A tRPC client error, recognised by name as tRPC's own `isTRPCClientError` also does: importing
 * the class would put the tRPC client into every first visit (route loaders use these helpers).
 */
function isTRPCClientError(error: unknown): error is Error & { data?: unknown } {
  return error instanceof Error && error.name === 'TRPCClientError';
}

/**
 * A refused upload (lib/upload.ts), recognised by name for the same reason: the upload helper
 * loads with the screens that send files, not with every signed-in screen.
 */
function isUploadError(error: unknown): error is UploadError {
  return error instanceof Error && error.name === 'UploadError';
}

function errorData(error: unknown): ErrorData | undefined {
  if (!isTRPCClientError(error) || !isRecord(error.data)) return undefined;
  const { code, httpStatus, zodError } = error.data;
  const fieldErrors = fieldErrorsOf(zodError);
  return {
    code: typeof code === 'string' ? code : undefined,
    httpStatus: typeof httpStatus === 'number' ? httpStatus : undefined,
    zodError: fieldErrors ? { fieldErrors } : null,
  };
}

/** The HTTP status the server answered with, or undefined when it never answered. */
export function errorStatus(error: unknown): number | undefined {
  if (isUploadError(error)) return error.status;
  return errorData(error)?.httpStatus;
}

export function errorCode(error: unknown): string | undefined {
  return errorData(error)?.code;
}

/**
 * The server's user-facing sentence, or undefined when there is none to show (the request never
 * reached the server, or the answer was not one of ours) so the caller falls back to its own text
 * (docs/product/texts.md).
 */
export function serverMessage(error: unknown): string | undefined {
  if (isUploadError(error)) return error.serverMessage;
  if (isTRPCClientError(error) && errorData(error)?.httpStatus !== undefined) {
    return error.message || undefined;
  }
  return undefined;
}

/** The server's per-field messages, from a tRPC error's data or a refused upload's body. */
function fieldErrorsOfError(error: unknown): Record<string, string[] | undefined> | undefined {
  if (isUploadError(error)) return error.fieldErrors;
  return errorData(error)?.zodError?.fieldErrors;
}

/**
 * Puts the server's per-field validation messages on the form's fields, and focuses the first, as
 * the form does with its own. Returns true when at least one field got a message, so the caller
 * knows the form already explains the refusal.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  const fieldErrors = fieldErrorsOfError(error);
  if (!fieldErrors) return false;
  let applied = false;
  for (const field of fields) {
    const message = fieldErrors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}

/**
 * For the forms that set an account's details: the server's field messages go on the fields, and
 * an e-mail address already in use (CONFLICT) on the email field. Returns the server's sentence,
 * if any, for the caller's toast.
 */
export function applyAccountDetailsErrors<T extends FieldValues & { email: string }>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | undefined {
  const onFields = applyServerFieldErrors(error, setError, fields);
  const message = serverMessage(error);
  if (!onFields && errorCode(error) === 'CONFLICT' && message) {
    // The constraint on T guarantees the field; TypeScript can't see that through Path<T>.
    setError('email' as Path<T>, { type: 'server', message });
  }
  return message;
}
