import type { z } from 'zod';

/**
 * The one parser of environment variables: checks them against a schema. Empty (or blank) variables
 * count as unset, as shells and .env files often leave them; a bad value throws an error that names
 * each variable and what is wrong.
 */
export function parseEnvironment<S extends z.ZodType>(
  schema: S,
  source: Record<string, string | undefined>,
): z.output<S> {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
