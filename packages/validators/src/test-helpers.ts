/** Small helpers shared by the validator tests. */
import type { z } from 'zod';

interface FoundIssue {
  path: string;
  message: string;
}

/** Every issue a schema reports for `input`, as `path` (dot-joined) and `message`; empty when it parses. */
export function issuesOf(schema: z.ZodType, input: unknown): FoundIssue[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.map((key) => String(key)).join('.'),
    message: issue.message,
  }));
}

/** The messages reported at one field path (`''` for the root). */
export function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  return issuesOf(schema, input)
    .filter((issue) => issue.path === path)
    .map((issue) => issue.message);
}

/** Parses `input` or fails the test with every issue listed. */
export function parseOk<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new Error(`Expected input to parse, got: ${JSON.stringify(issuesOf(schema, input))}`);
  }
  return result.data;
}
