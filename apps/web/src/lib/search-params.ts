/*
 * Readers for the values in a page's address (route `validateSearch`). Route definitions load with
 * the first page, so these are plain functions rather than zod schemas: the first visit should not
 * download a validation library to read one or two parameters. Anything unreadable is dropped
 * rather than refused, so an old or hand-edited link still opens the page.
 */

/** One of the allowed words, or nothing. */
export function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return allowed.find((option) => option === value);
}

/** Text up to `max` characters, or nothing. */
export function textUpTo(max: number, value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

/** Any text, or nothing. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A positive whole number (the router hands numbers over as numbers, typed links as strings). */
export function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0
    ? number
    : undefined;
}
