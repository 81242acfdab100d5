import { TRPCClientError } from '@trpc/client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';

import { HttpError } from './api-request';

/** What the server's error formatter adds to every tRPC error (see packages/api trpc.ts). */
const errorDataSchema = z.object({
  code: z.string().optional(),
  httpStatus: z.number().optional(),
  zodError: z
    .object({
      formErrors: z.array(z.string()),
      fieldErrors: z.record(z.string(), z.array(z.string()).optional()),
    })
    .nullish(),
});
type ErrorData = z.infer<typeof errorDataSchema>;

function errorData(error: unknown): ErrorData | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const parsed = errorDataSchema.safeParse(error.data);
  return parsed.success ? parsed.data : undefined;
}

/** The HTTP status the server answered with, or undefined when it never answered. */
export function errorStatus(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  return errorData(error)?.httpStatus;
}

export function errorCode(error: unknown): string | undefined {
  return errorData(error)?.code;
}

/**
 * The server's user-facing sentence, or undefined when there is none to show (the request never
 * reached the server, or the answer was not one of ours) so the caller falls back to the spec text.
 */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof HttpError) return error.serverMessage;
  if (error instanceof TRPCClientError && errorData(error)?.httpStatus !== undefined) {
    return error.message || undefined;
  }
  return undefined;
}

/**
 * Puts the server's per-field validation messages on the form's fields. Returns true when at least
 * one field got a message, so the caller knows the form already explains the refusal.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  const fieldErrors = errorData(error)?.zodError?.fieldErrors;
  if (!fieldErrors) return false;
  let applied = false;
  for (const field of fields) {
    const message = fieldErrors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message });
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
