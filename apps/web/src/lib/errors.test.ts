import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';

import { HttpError } from './api-request';
import { errorCode, errorStatus, serverMessage } from './errors';

function trpcError(message: string, data: Record<string, unknown> | undefined) {
  return new TRPCClientError(message, {
    result: { error: { code: -32600, message, data } },
  });
}

describe('reading errors', () => {
  it('reads the code and status the server added to a tRPC error', () => {
    const error = trpcError('No such listing', { code: 'NOT_FOUND', httpStatus: 404 });
    expect(errorCode(error)).toBe('NOT_FOUND');
    expect(errorStatus(error)).toBe(404);
    expect(serverMessage(error)).toBe('No such listing');
  });

  it('has nothing to say about an error that never reached the server', () => {
    const error = trpcError('Failed to fetch', undefined);
    expect(errorStatus(error)).toBeUndefined();
    expect(serverMessage(error)).toBeUndefined();
    expect(errorCode(new Error('boom'))).toBeUndefined();
  });

  it('reads REST errors too', () => {
    const error = new HttpError(409, JSON.stringify({ message: 'Taken' }), 'Conflict');
    expect(errorStatus(error)).toBe(409);
    expect(serverMessage(error)).toBe('Taken');
  });
});
