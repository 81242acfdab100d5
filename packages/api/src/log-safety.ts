/**
 * What of an error may reach the logs. Database errors carry the statement's parameters (drizzle's
 * DrizzleQueryError in `params` and in its message, postgres.js in `parameters`, PGlite in `params`) and
 * PostgreSQL's `detail` repeats a failing row: a password hash, an e-mail, a session token's hash. Only
 * named, harmless fields are kept, and the message and stack lose any "params:" tail.
 */

/** Diagnostic fields of PostgreSQL (both drivers), Node and HTTP errors that never hold a value a user sent. */
const SAFE_FIELDS = [
  'code',
  'errno',
  'syscall',
  'statusCode',
  'severity',
  'routine',
  'schema_name',
  'table_name',
  'column_name',
  'constraint_name',
  'schema',
  'table',
  'column',
  'constraint',
] as const;

const MAX_CAUSE_DEPTH = 5;

/** drizzle writes "Failed query: <statement>\nparams: <values>"; the statement has placeholders only. */
function withoutParams(message: string): string {
  const at = message.search(/\n\s*params:/);
  return at === -1 ? message : message.slice(0, at);
}

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  query?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/** What this module already made safe, so a logger's own serializer can pass it through unchanged. */
const madeSafe = new WeakSet<object>();

export function errorForLog(err: unknown, depth = 0): LoggedError {
  if (typeof err === 'object' && err !== null && madeSafe.has(err)) return err as LoggedError;
  const logged = describe(err, depth);
  madeSafe.add(logged);
  return logged;
}

function describe(err: unknown, depth: number): LoggedError {
  if (!(err instanceof Error)) {
    return {
      type: typeof err,
      message: typeof err === 'string' ? withoutParams(err) : 'a non-error value was thrown',
    };
  }
  const message = withoutParams(err.message);
  const logged: LoggedError = { type: err.name, message };
  if (err.stack) {
    // The stack's first lines repeat the message, parameters included: keep only the frames.
    const frames = err.stack.indexOf('\n    at ');
    logged.stack = `${err.name}: ${message}${frames === -1 ? '' : err.stack.slice(frames)}`;
  }
  const fields = err as unknown as Record<string, unknown>;
  for (const name of SAFE_FIELDS) {
    const value = fields[name];
    if (typeof value === 'string' || typeof value === 'number') logged[name] = value;
  }
  // The statement text (placeholders, no values) says which query failed.
  if (typeof fields.query === 'string') logged.query = withoutParams(fields.query).slice(0, 2000);
  if (err.cause !== undefined && depth < MAX_CAUSE_DEPTH)
    logged.cause = errorForLog(err.cause, depth + 1);
  return logged;
}
