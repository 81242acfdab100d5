import type { ListingInput } from '@yardsale/validators';
import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod';

import { HttpError } from '../../lib/api-request';
import { applyServerFieldErrors } from '../../lib/errors';

/** The fields the listing form shows, for putting the server's messages on them. */
export const LISTING_FORM_FIELDS = [
  'title',
  'description',
  'listingType',
  'category',
  'priceRange',
  'address',
  'startDate',
  'endDate',
  'startTime',
  'endTime',
  'contactPhone',
  'contactEmail',
] as const satisfies readonly (keyof ListingInput)[];

const restRefusalSchema = z.object({
  errors: z.record(z.string(), z.array(z.string()).optional()),
});

/**
 * Puts a refusal's field messages on the form: the REST upload answers `{ message, errors }`,
 * tRPC carries them in the error's data. Returns true when a field got a message.
 */
export function applyListingFieldErrors(
  error: unknown,
  setError: UseFormSetError<ListingInput>,
): boolean {
  if (!(error instanceof HttpError)) {
    return applyServerFieldErrors(error, setError, LISTING_FORM_FIELDS);
  }
  let body: unknown;
  try {
    body = JSON.parse(error.body);
  } catch {
    return false;
  }
  const parsed = restRefusalSchema.safeParse(body);
  if (!parsed.success) return false;
  let applied = false;
  for (const field of LISTING_FORM_FIELDS) {
    const message = parsed.data.errors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
