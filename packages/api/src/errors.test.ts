import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { MAX_BATCH_SIZE, UI_TEXT } from '@yardsale/validators';

import { describeError } from './errors';
import { recordingLogger } from '../test/testing';

const R = UI_TEXT.request;
const described = (error: TRPCError) => describeError(error, recordingLogger()).message;

describe('what a client reads of an error', () => {
  it.each([
    [
      'bad JSON',
      new TRPCError({
        code: 'BAD_REQUEST',
        message: 'Unexpected token } in JSON',
        cause: new SyntaxError('Unexpected token }'),
      }),
    ],
    [
      'a broken superjson envelope',
      new TRPCError({
        code: 'BAD_REQUEST',
        message: 'Maximum call stack size exceeded',
        cause: new RangeError('Maximum call stack size exceeded'),
      }),
    ],
    [
      'a websocket frame without input',
      new TRPCError({
        code: 'PARSE_ERROR',
        cause: new TypeError("Cannot destructure property 'json' of 'payload'"),
      }),
    ],
    [
      'a batch that is not an object',
      new TRPCError({
        code: 'BAD_REQUEST',
        message: '"input" needs to be an object when doing a batch call',
      }),
    ],
  ])('%s answers the product sentence, not the exception', (_name, error) => {
    expect(described(error)).toBe(R.unreadable);
  });

  it('a batch over the limit says the limit', () => {
    expect(
      described(new TRPCError({ code: 'BAD_REQUEST', message: 'Batch call exceeds maximum size' })),
    ).toBe(R.batchTooLarge(MAX_BATCH_SIZE));
  });

  it('an unknown procedure is simply not found', () => {
    expect(
      described(new TRPCError({ code: 'NOT_FOUND', message: 'No procedure found on path "x.y"' })),
    ).toBe(R.notFound);
  });

  it("keeps our own refusals and the schemas' field messages", () => {
    expect(
      described(new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.signIn.wrongCredentials })),
    ).toBe(UI_TEXT.signIn.wrongCredentials);
    expect(
      described(
        new TRPCError({
          code: 'PAYLOAD_TOO_LARGE',
          message: UI_TEXT.profilePicture.tooLargeDescription,
        }),
      ),
    ).toBe(UI_TEXT.profilePicture.tooLargeDescription);
    const refused = z
      .object({ content: z.string().min(1, UI_TEXT.message.empty) })
      .safeParse({ content: '' });
    expect(described(new TRPCError({ code: 'BAD_REQUEST', cause: refused.error }))).toBe(
      UI_TEXT.message.empty,
    );
  });

  it('a fault gives the generic sentence with a reference', () => {
    const error = new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      cause: new Error('relation "users" does not exist'),
    });
    const answer = described(error);
    expect(answer.startsWith(UI_TEXT.serverError)).toBe(true);
    expect(answer).not.toContain('relation');
  });
});
