import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabaseKinds } from '@yardsale/db/testing';

import { webTrpcRequest } from '../bench/web-trpc-request';
import { startComparedPaths } from '../test/trpc-http-comparison';
import type { ComparedPaths } from '../test/trpc-http-comparison';

/**
 * The direct path (registerTrpcHttp) against tRPC's own Fastify handler (test/trpc-http-comparison.ts):
 * every request below goes to both and must be answered alike. Here the calls as the web app's client
 * writes them (httpBatchLink, superjson); the refusals are in trpc-http-refusals.test.ts.
 */
describe.each(testDatabaseKinds())('tRPC over HTTP: direct path and tRPC handler on %s', (kind) => {
  let paths: ComparedPaths;
  beforeAll(async () => {
    paths = await startComparedPaths(kind);
  });
  afterAll(async () => {
    await paths.stop();
  });

  it('answers a single call as the web app sends it (a batch of one), signed in and out', async () => {
    const { compareDirect, cookies, listingId } = paths;
    const me = await webTrpcRequest((client) => [client.auth.me.query()]);
    expect(me.path).toContain('?batch=1');
    const signedOut = await compareDirect(me);
    expect(JSON.parse(signedOut.body)).toEqual([{ result: { data: { json: null } } }]);
    const signedIn = await compareDirect(me, cookies.user);
    expect(signedIn.body).toContain('"firstName":"Cam"');
    expect(signedIn.headers['content-type']).toBe('application/json');

    const detail = await compareDirect(
      await webTrpcRequest((client) => [client.listings.byId.query({ id: listingId })]),
      cookies.user,
    );
    expect(detail.status).toBe(200);
    expect(detail.body).toContain('Oak bookshelf');
  });

  it('answers an old procedure name as its new one (decision 086), alone and in one batch', async () => {
    const { compareDirect, cookies } = paths;
    const pending = (old: boolean) =>
      webTrpcRequest((client) => [
        old ? client.auth.pendingEmail.query() : client.account.pendingEmail.query(),
      ]);
    const before = await compareDirect(await pending(true), cookies.user);
    const now = await compareDirect(await pending(false), cookies.user);
    expect([before.status, before.body]).toEqual([now.status, now.body]);
    expect(JSON.parse(now.body)).toEqual([{ result: { data: { json: { pendingEmail: null } } } }]);

    const both = await compareDirect(
      await webTrpcRequest((client) => [
        client.auth.pendingEmail.query(),
        client.account.pendingEmail.query(),
      ]),
      cookies.user,
    );
    const [oldAnswer, newAnswer] = JSON.parse(both.body) as unknown[];
    expect(oldAnswer).toEqual(newAnswer);

    // A mutation over POST, and a refusal: the same answer, but for the path the error names.
    const profile = { firstName: 'Cam', lastName: 'Pare', email: `user-${kind}@example.com` };
    const update = (old: boolean) =>
      webTrpcRequest((client) => [
        old
          ? client.auth.updateProfile.mutate(profile)
          : client.account.updateProfile.mutate(profile),
      ]);
    const updatedBefore = await compareDirect(await update(true), cookies.user);
    const updatedNow = await compareDirect(await update(false), cookies.user);
    expect(updatedBefore.status).toBe(200);
    expect(updatedBefore.body).toBe(updatedNow.body);
    const refusedBefore = await compareDirect(await pending(true));
    const refusedNow = await compareDirect(await pending(false));
    expect(refusedBefore.status).toBe(401);
    expect(refusedBefore.body.replace('"auth.pendingEmail"', '"account.pendingEmail"')).toBe(
      refusedNow.body,
    );
  });

  it('answers a batch of three as a page load sends it', async () => {
    const { compareDirect, cookies } = paths;
    const page = await webTrpcRequest((client) => [
      client.listings.stats.query(),
      client.saved.list.query(),
      client.listings.list.query({ listingType: 'single-item', limit: 12 }),
    ]);
    const answer = await compareDirect(page, cookies.user);
    expect(answer.status).toBe(200);
    const parsed: unknown = JSON.parse(answer.body);
    expect(Array.isArray(parsed) && parsed.length).toBe(3);
  });

  it('answers a batch with one failing call, over GET and over POST', async () => {
    const { compareDirect, cookies, listingId } = paths;
    const queries = await webTrpcRequest((client) => [
      client.listings.byId.query({ id: listingId }),
      client.listings.byId.query({ id: 987_654 }),
      client.auth.me.query(),
    ]);
    const mixed = await compareDirect(queries, cookies.user);
    expect(mixed.status).toBe(207);
    expect(mixed.reported).toEqual([
      expect.objectContaining({ code: 'NOT_FOUND', path: 'listings.byId', input: { id: 987_654 } }),
    ]);

    const mutations = await webTrpcRequest((client) => [
      client.saved.save.mutate({ listingId }),
      client.saved.save.mutate({ listingId: 987_654 }),
    ]);
    expect(mutations.method).toBe('POST');
    const post = await compareDirect(mutations, cookies.user);
    expect(post.status).toBe(207);
  });

  it('answers a mutation over POST', async () => {
    const { compareDirect, cookies, listingId } = paths;
    const save = await webTrpcRequest((client) => [client.saved.save.mutate({ listingId })]);
    const answer = await compareDirect(save, cookies.user);
    expect(JSON.parse(answer.body)).toEqual([{ result: { data: { json: { isSaved: true } } } }]);
    // Signing out sets a cookie through the context: both carry it.
    const logout = await compareDirect(
      await webTrpcRequest((client) => [client.auth.logout.mutate()]),
    );
    expect(logout.headers['set-cookie']).toContain('Max-Age=0');
  });

  it('answers a call that is not batched alike', async () => {
    const { compareDirect, cookies, listingId } = paths;
    const input = encodeURIComponent(JSON.stringify({ json: { id: listingId } }));
    await compareDirect(
      { method: 'GET', path: `/trpc/listings.byId?input=${input}` },
      cookies.user,
    );
    await compareDirect({ method: 'GET', path: '/trpc/auth.me' }, cookies.user);
    await compareDirect(
      {
        method: 'POST',
        path: '/trpc/saved.save',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ json: { listingId } }),
      },
      cookies.user,
    );
  });
});
