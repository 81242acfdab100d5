/** The searcher's client: GET /api/listings with the session cookie, timed from request to body. */
import { z } from 'zod';

import { describeParams } from './queries';
import type { SearchParams } from './queries';

export const PAGE_SIZE = 20;

const pageSchema = z.object({
  items: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      description: z.string().nullable(),
      category: z.string(),
      listingType: z.string(),
      endsAt: z.string(),
      createdAt: z.string(),
      isExpired: z.boolean(),
      distanceMiles: z.number().nullable().optional(),
    }),
  ),
  nextCursor: z.string().nullable(),
});
type Page = z.output<typeof pageSchema>;
export type PageItem = Page['items'][number];

export class QueryFailure extends Error {}

export interface Response {
  ms: number;
  page: Page;
  /** When the request was sent: anything returned must end after it. */
  sentAt: number;
}

export function createClient(url: string, cookie: string) {
  return async function list(params: SearchParams, cursor?: string): Promise<Response> {
    const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (params.search !== undefined) query.set('search', params.search);
    if (params.category) query.set('category', params.category);
    if (params.listingType) query.set('listingType', params.listingType);
    if (params.near) query.set('near', params.near);
    if (params.radiusMiles !== undefined) query.set('radiusMiles', String(params.radiusMiles));
    if (params.sort) query.set('sort', params.sort);
    if (cursor) query.set('cursor', cursor);
    const sentAt = Date.now();
    const started = performance.now();
    let status: number;
    let body: string;
    try {
      const res = await fetch(`${url}/api/listings?${query.toString()}`, { headers: { cookie } });
      status = res.status;
      body = await res.text();
    } catch (error) {
      throw new QueryFailure(`${describeParams(params)}: ${(error as Error).message}`);
    }
    const ms = performance.now() - started;
    if (status !== 200)
      throw new QueryFailure(`${describeParams(params)}: HTTP ${status} ${body.slice(0, 300)}`);
    const parsed = pageSchema.safeParse(JSON.parse(body));
    if (!parsed.success) {
      throw new QueryFailure(
        `${describeParams(params)}: unexpected response ${body.slice(0, 300)}`,
      );
    }
    return { ms, page: parsed.data, sentAt };
  };
}
export type Client = ReturnType<typeof createClient>;

/** Signs up through POST /api/register and answers the session cookie. */
export async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'searcher@neighbours.example',
      password: 'search-benchmark',
      firstName: 'Sam',
      lastName: 'Searcher',
      termsAccepted: true,
      rememberMe: true,
    }),
  });
  if (!res.ok) throw new Error(`Sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().at(-1)?.split(';')[0];
  if (!cookie) throw new Error('Sign-up set no session cookie');
  return cookie;
}
