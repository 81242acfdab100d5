import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { within } from '@yardsale/api/testing';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { MAX_BATCH_SIZE, UI_TEXT } from '@yardsale/validators';

import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

const R = UI_TEXT.request;

interface Reply {
  status: number;
  body: unknown;
  text: string;
}

/** The message of a tRPC error answer, single or batched (first call). */
function trpcMessage(body: unknown): string | undefined {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  if (typeof first !== 'object' || first === null || !('error' in first)) return undefined;
  const error = first.error as { json?: { message?: string } };
  return error.json?.message;
}

const superjsonInput = (json: unknown) => encodeURIComponent(JSON.stringify({ json }));

describe.each(testDatabaseKinds())(
  'inputs the server refuses in words of its own, on %s',
  (kind) => {
    let server: TestServer;
    let cookie = '';

    beforeAll(async () => {
      server = await startTestServer(kind);
      const res = await fetch(`${server.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `limits-${kind}@example.com`,
          password: 'limits-pass',
          firstName: 'Lim',
          lastName: 'Its',
          termsAccepted: true,
        }),
      });
      cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    });
    afterAll(async () => {
      await server.stop();
    });

    async function call(
      method: string,
      url: string,
      options: { body?: string | FormData; contentType?: string; signedIn?: boolean } = {},
    ): Promise<Reply> {
      const headers: Record<string, string> = { origin: server.origin };
      if (options.contentType) headers['content-type'] = options.contentType;
      if (options.signedIn !== false) headers.cookie = cookie;
      const res = await fetch(`${server.url}${url}`, { method, headers, body: options.body });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = null;
      }
      return { status: res.status, body, text };
    }
    const json = (method: string, url: string, value: unknown) =>
      call(method, url, { body: JSON.stringify(value), contentType: 'application/json' });

    describe('ids', () => {
      it.each(['2147483648', String(2 ** 53 - 1), '0', '-1', '1.5', '1e3', 'abc'])(
        'answers 400 for the REST path id %s',
        async (id) => {
          const reply = await call('GET', `/api/listings/${id}`);
          expect(reply.status).toBe(400);
          expect(reply.body).toEqual({ message: R.invalidId });
        },
      );

      it('refuses a non-numeric id on an upload path before reading the form', async () => {
        const form = new FormData();
        form.append(
          'images',
          new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }),
          'a.jpg',
        );
        const reply = await call('POST', '/api/listings/abc/images', { body: form });
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({ message: R.invalidId });
      });

      it('answers 400 for an id past 2^31 over tRPC and in a REST body', async () => {
        const reply = await call(
          'GET',
          `/trpc/listings.byId?input=${superjsonInput({ id: 2 ** 31 })}`,
        );
        expect(reply.status).toBe(400);
        expect(trpcMessage(reply.body)).toBe(R.invalidId);
        const rest = await json('POST', '/api/conversations', { listingId: 2 ** 40 });
        expect(rest.status).toBe(400);
        expect(rest.body).toMatchObject({ message: R.invalidId });
      });

      it('answers 400 for a message cursor past 2^31', async () => {
        const reply = await call('GET', `/api/conversations/1/messages?before=2147483648`);
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ message: R.invalidId });
      });
    });

    describe('text, dates and cursors', () => {
      it('answers 400 for a NUL in a search', async () => {
        const reply = await call('GET', '/api/listings?search=a%00b');
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ message: R.nulInText });
      });

      it('answers 400 for a NUL in a listing field', async () => {
        const trpc = await json('POST', '/trpc/listings.create', {
          json: {
            title: 'Lamp\u0000',
            category: 'Other',
            listingType: 'single-item',
            priceRange: 'Free',
            address: '1 A St',
          },
        });
        expect(trpc.status).toBe(400);
        expect(trpcMessage(trpc.body)).toBe(R.nulInText);
      });

      it.each(['2025-02-30', '2025-13-45', '0000-01-01'])(
        'answers 400 for the sales date %s',
        async (from) => {
          const reply = await call(
            'GET',
            `/trpc/listings.salesBetween?input=${superjsonInput({ from, to: '2025-12-31' })}`,
          );
          expect(reply.status).toBe(400);
          expect(trpcMessage(reply.body)).toBe(R.dateInvalid);
        },
      );

      it('answers 400 for a crafted cursor', async () => {
        const cursor = Buffer.from('+275760-09-13T00:00:00.000Z|1|e').toString('base64url');
        const reply = await call('GET', `/api/listings?cursor=${cursor}`);
        expect(reply.status).toBe(400);
        expect(reply.body).toMatchObject({ message: R.invalidCursor });
      });
    });

    describe('multipart forms', () => {
      it('answers 400 for a form without a boundary', async () => {
        const reply = await call('POST', '/api/listings/create-with-photos', {
          body: 'title=x',
          contentType: 'multipart/form-data',
        });
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({ message: R.formUnreadable });
      });

      it('answers 400 for a truncated form', async () => {
        const body = '--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nOak tab';
        const reply = await call('POST', '/api/listings/create-with-photos', {
          body,
          contentType: 'multipart/form-data; boundary=XyZ',
        });
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({ message: R.formUnreadable });
      });

      it('answers 400 for a form with too many fields', async () => {
        const form = new FormData();
        for (let i = 0; i < 60; i += 1) form.append(`field${i}`, 'x');
        const reply = await call('POST', '/api/listings/create-with-photos', { body: form });
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({ message: R.formTooManyFields });
      });
    });

    describe('what a client reads when a request cannot be parsed', () => {
      it('a broken superjson envelope answers the product sentence, not the exception', async () => {
        const reply = await json('POST', '/trpc/auth.login', {
          json: { email: 'a@b.co', password: 'secret1' },
          meta: { values: 'garbage' },
        });
        expect(reply.status).toBe(400);
        expect(trpcMessage(reply.body)).toBe(R.unreadable);
        expect(reply.text).not.toMatch(/call stack|TypeError|RangeError/);
      });

      it('JSON that does not parse answers the product sentence, over tRPC and REST', async () => {
        const trpc = await call('POST', '/trpc/auth.login', {
          body: '{"json":',
          contentType: 'application/json',
        });
        expect(trpc.status).toBe(400);
        expect(trpcMessage(trpc.body)).toBe(R.unreadable);
        const rest = await call('POST', '/api/login', {
          body: '{"email":',
          contentType: 'application/json',
        });
        expect(rest.status).toBe(400);
        expect(rest.body).toEqual({ message: R.unreadable });
        const query = await call('GET', '/trpc/listings.byId?input=%7Bnope');
        expect(query.status).toBe(400);
        expect(trpcMessage(query.body)).toBe(R.unreadable);
      });

      it('our own refusals and field messages keep their words', async () => {
        const reply = await json('POST', '/trpc/auth.login', {
          json: { email: 'nope', password: 'secret1' },
        });
        expect(trpcMessage(reply.body)).toBe(UI_TEXT.signIn.invalidEmail);
        const signedOut = await call('GET', '/trpc/listings.stats', { signedIn: false });
        expect(trpcMessage(signedOut.body)).toBe(UI_TEXT.auth.unauthorized);
      });

      it('a websocket frame without input answers the product sentence', async () => {
        const socket = new WebSocket(`${server.url.replace('http', 'ws')}/trpc`, {
          headers: { cookie, origin: server.origin },
        });
        const answers: string[] = [];
        await new Promise<void>((resolve, reject) => {
          socket.on('open', () => resolve());
          socket.on('error', reject);
        });
        const got = new Promise<void>((resolve) => {
          socket.on('message', (data: Buffer) => {
            answers.push(data.toString());
            if (answers.length === 2) resolve();
          });
        });
        socket.send(JSON.stringify({ id: 1, method: 'query', params: { path: 'auth.me' } }));
        socket.send(
          JSON.stringify({
            id: 2,
            method: 'query',
            params: { path: 'listings.byId', input: { json: { id: 2 ** 31 } } },
          }),
        );
        await within(got, 5000, () => `two answers on the websocket; got ${answers.length}`);
        socket.close();
        const messages = answers.map(
          (a) =>
            (JSON.parse(a) as { error?: { json?: { message?: string } } }).error?.json?.message,
        );
        expect(messages).toEqual([R.unreadable, R.invalidId]);
        expect(answers.join('\n')).not.toMatch(/destructure|payload/);
      });
    });

    describe('batches', () => {
      const batch = (paths: string[], inputs: Record<number, unknown>) => {
        const encoded = Object.fromEntries(
          Object.entries(inputs).map(([i, v]) => [i, { json: v }]),
        );
        return call(
          'GET',
          `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(encoded))}`,
        );
      };

      it(`answers up to ${MAX_BATCH_SIZE} calls in one request`, async () => {
        const reply = await batch(
          Array.from({ length: MAX_BATCH_SIZE }, () => 'listings.stats'),
          {},
        );
        expect(reply.status).toBe(200);
        expect(reply.body).toHaveLength(MAX_BATCH_SIZE);
      });

      it('refuses a larger batch with a clear message', async () => {
        const reply = await batch(
          Array.from({ length: MAX_BATCH_SIZE + 1 }, () => 'listings.stats'),
          {},
        );
        expect(reply.status).toBe(400);
        expect(trpcMessage(reply.body)).toBe(R.batchTooLarge(MAX_BATCH_SIZE));
      });

      it('refuses a batch of searches that would cost too much, before running any', async () => {
        const searches = Object.fromEntries(
          Array.from({ length: 4 }, (_, i) => [i, { search: `lamp${i}` }]),
        );
        const reply = await batch(
          Array.from({ length: 4 }, () => 'listings.list'),
          searches,
        );
        expect(reply.status).toBe(400);
        expect(trpcMessage(reply.body)).toBe(R.batchTooCostly);
        const fewer = await batch(['listings.list', 'listings.list', 'listings.stats'], {
          0: { search: 'lamp' },
          1: { search: 'oak' },
        });
        expect(fewer.status).toBe(200);
      });
    });
  },
);
