import {
  TRPCClientError,
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  wsLink,
} from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import type { AppRouter } from '@yardsale/api';

import { startTestServer } from '../test/test-server';
import type { TestServer } from '../test/test-server';

describe('tRPC over HTTP and websocket', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
  });

  function httpClient(cookie?: string) {
    return createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${server.url}/trpc`,
          transformer: superjson,
          headers: () => ({ origin: server.origin, ...(cookie ? { cookie } : {}) }),
        }),
      ],
    });
  }

  async function signedUpCookie(): Promise<string> {
    const res = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `ws-${Date.now()}@example.com`,
        password: 'socket-pass',
        firstName: 'Wes',
        lastName: 'Sock',
        termsAccepted: true,
      }),
    });
    return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  }

  it('answers queries over HTTP with Dates intact', async () => {
    const cookie = await signedUpCookie();
    const me = await httpClient(cookie).auth.me.query();
    expect(me?.firstName).toBe('Wes');
    expect(me?.createdAt).toBeInstanceOf(Date);
    expect(await httpClient().auth.me.query()).toBeNull();
  });

  it('answers a batch of many queries in one request', async () => {
    const cookie = await signedUpCookie();
    const client = httpClient(cookie);
    // Eight names in one path segment: well over the router's default limit of 100 characters.
    const results = await Promise.all(
      Array.from({ length: 8 }, () => client.listings.stats.query()),
    );
    expect(results).toHaveLength(8);
    expect(results[0]).toEqual({ total: 0, singleItems: 0, garageSales: 0 });
  });

  it('carries field errors for refused input', async () => {
    const err: unknown = await httpClient()
      .auth.login.mutate({ email: 'nope', password: 'x' })
      .catch((e: unknown) => e);
    if (!(err instanceof TRPCClientError)) throw new Error('expected a TRPCClientError');
    const typed = err as TRPCClientError<AppRouter>;
    expect(typed.message).toBe('Please enter a valid email');
    expect(typed.data?.zodError?.fieldErrors.email).toEqual(['Please enter a valid email']);
  });

  it('authenticates a websocket from the cookie sent with the upgrade', async () => {
    const cookie = await signedUpCookie();
    const wsUrl = server.url.replace('http', 'ws') + '/trpc';
    const origin = server.origin;
    class BrowserLikeSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers: { cookie, origin } });
      }
    }
    const wsClient = createWSClient({
      url: wsUrl,
      WebSocket: BrowserLikeSocket as unknown as typeof globalThis.WebSocket,
    });
    const client = createTRPCClient<AppRouter>({
      links: [wsLink({ client: wsClient, transformer: superjson })],
    });
    try {
      const me = await client.auth.me.query();
      expect(me?.firstName).toBe('Wes');
    } finally {
      await wsClient.close();
    }
  });

  it('refuses a websocket opened by a page of another site', async () => {
    const wsUrl = server.url.replace('http', 'ws') + '/trpc';
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(wsUrl, { headers: { origin: 'https://evil.example' } });
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => resolve(101));
      socket.on('error', () => undefined);
    });
    expect(status).toBe(403);
  });
});
