import { describe, expect, it } from 'vitest';

import { errorForLog } from './log-safety';

describe('errors as logged', () => {
  it("keep the statement and the database's diagnosis, never the parameters or the failing row", () => {
    const driver = Object.assign(
      new Error('new row for relation "users" violates check constraint "x"'),
      {
        code: '23514',
        constraint_name: 'x',
        table_name: 'users',
        detail: 'Failing row contains (1, a@example.com, $argon2id$v=19$secret)',
        where: "unnamed portal parameter $2 = '$argon2id$v=19$secret'",
        parameters: ['a@example.com', '$argon2id$v=19$secret'],
      },
    );
    const drizzle = Object.assign(
      new Error(
        'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@example.com,$argon2id$v=19$secret',
        { cause: driver },
      ),
      {
        name: 'DrizzleQueryError',
        query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
        params: ['a@example.com', '$argon2id$v=19$secret'],
      },
    );
    const logged = errorForLog(drizzle);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('a@example.com');
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: { code: '23514', constraint_name: 'x', table_name: 'users', message: driver.message },
    });
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query: .*\n {4}at /);
    // Passing it through again (a logger's own serializer) changes nothing.
    expect(errorForLog(logged)).toBe(logged);
  });

  it('describe a thrown non-error without its contents', () => {
    expect(errorForLog({ password: 'hunter2' })).toEqual({
      type: 'object',
      message: 'a non-error value was thrown',
    });
  });
});
