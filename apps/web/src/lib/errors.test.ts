import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';

import { errorCode, errorStatus, serverMessage } from './errors';
import { UploadError } from './upload';

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

  it('reads a refused upload: status, sentence and field messages', () => {
    const body = JSON.stringify({
      message: 'Title is required',
      errors: { title: ['Title is required'], address: ['Address is required', 'Too short'] },
    });
    const error = new UploadError('Failed to create listing', 400, body, 'Bad Request');
    expect(error.message).toBe(`Failed to create listing: 400 ${body}`);
    expect(errorStatus(error)).toBe(400);
    expect(serverMessage(error)).toBe('Title is required');
    expect(error.fieldErrors).toEqual({
      title: ['Title is required'],
      address: ['Address is required', 'Too short'],
    });
  });

  it("takes a refused upload's plain-text body as its sentence, and an empty one as none", () => {
    const proxy = new UploadError('Failed to upload photos', 502, 'Bad gateway ', 'Bad Gateway');
    expect(errorStatus(proxy)).toBe(502);
    expect(serverMessage(proxy)).toBe('Bad gateway');
    expect(proxy.fieldErrors).toEqual({});

    const empty = new UploadError('Failed to upload photos', 413, '', 'Payload Too Large');
    expect(empty.message).toBe('Failed to upload photos: 413 Payload Too Large');
    expect(serverMessage(empty)).toBeUndefined();
  });
});
