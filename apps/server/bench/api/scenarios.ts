/**
 * What the API benchmark sends, per request and target: (a) the bare yardstick, (b) REST, (c) tRPC
 * as the web app's client writes it.
 */
import { webTrpcRequest } from '../web-trpc-request';
import type { WebTrpcRequest } from '../web-trpc-request';
import type { Seeded, Sender } from './seed';

export const REQUEST_NAMES = ['detail', 'list', 'me', 'me-signed-out', 'send', 'page'] as const;
export type RequestName = (typeof REQUEST_NAMES)[number];

export type Target = 'bare' | 'rest' | 'trpc';
const TARGETS: Target[] = ['bare', 'rest', 'trpc'];
export const TARGET_LABELS: Record<Target, string> = {
  bare: '(a) bare',
  rest: '(b) REST',
  trpc: '(c) tRPC (web)',
};

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Set by the client itself (a tRPC link's content-type). */
  headers?: Record<string, string>;
  signedIn: boolean;
  /** Each request as the next sender in turn (their cookie, their conversation). */
  perSender?: (sender: Sender) => { path: string; body: string };
}

export interface Scenario {
  name: RequestName;
  label: string;
  usesDatabase: boolean;
  /** A page load has tRPC only. */
  targets: Partial<Record<Target, RequestSpec>>;
}

export async function scenarios(seeded: Seeded): Promise<Scenario[]> {
  const message = 'Is the bookshelf still there? I could pick it up on Saturday morning.';
  const get = (p: string, signedIn = true): RequestSpec => ({ method: 'GET', path: p, signedIn });
  const web = (request: WebTrpcRequest, signedIn = true): RequestSpec => ({
    ...request,
    signedIn,
  });
  const first = seeded.senders[0];
  if (!first) throw new Error('no sender seeded');
  // Each sender's message as the web app's client writes it, kept once before the load.
  const sends = new Map<number, WebTrpcRequest>();
  for (const sender of seeded.senders)
    sends.set(
      sender.conversationId,
      await webTrpcRequest((client) => [
        client.conversations.send.mutate({
          conversationId: sender.conversationId,
          content: message,
        }),
      ]),
    );
  const sendOf = (sender: Sender) => {
    const request = sends.get(sender.conversationId);
    if (!request?.body) throw new Error('no message request kept');
    return { path: request.path, body: request.body };
  };
  const detail = await webTrpcRequest((client) => [
    client.listings.byId.query({ id: seeded.listingId }),
  ]);
  const list = await webTrpcRequest((client) => [client.listings.list.query({})]);
  const me = await webTrpcRequest((client) => [client.auth.me.query()]);
  // The home page's loader (apps/web/src/routes/_authenticated/home.tsx) on its first section: the
  // counts, the saved listings and the first page of single items, its input as the infinite query
  // writes it (its own `direction` added; the procedure's schema drops it).
  const homeFirstPage = {
    listingType: 'single-item' as const,
    search: undefined,
    category: undefined,
    limit: 12, // CAROUSEL_PAGE_SIZE
    near: undefined,
    radiusMiles: undefined,
    sort: undefined,
    direction: 'forward',
  };
  const page = await webTrpcRequest((client) => [
    client.listings.stats.query(),
    client.saved.list.query(),
    client.listings.list.query(homeFirstPage),
  ]);
  const sending = (perSender: (sender: Sender) => { path: string; body: string }): RequestSpec => ({
    method: 'POST',
    ...perSender(first),
    signedIn: true,
    perSender,
  });
  return [
    {
      name: 'detail',
      label: 'listing detail',
      usesDatabase: true,
      targets: {
        bare: get(`/bare/listings/${seeded.listingId}`),
        rest: get(`/api/listings/${seeded.listingId}`),
        trpc: web(detail),
      },
    },
    {
      name: 'list',
      label: 'first list page',
      usesDatabase: true,
      targets: {
        bare: get('/bare/listings'),
        rest: get('/api/listings'),
        trpc: web(list),
      },
    },
    {
      name: 'me',
      label: 'auth.me signed in',
      usesDatabase: true,
      targets: { bare: get('/bare/user'), rest: get('/api/user'), trpc: web(me) },
    },
    {
      name: 'me-signed-out',
      label: 'auth.me signed out',
      usesDatabase: false,
      targets: {
        bare: get('/bare/session', false),
        rest: get('/api/session', false),
        trpc: web(me, false),
      },
    },
    {
      name: 'send',
      label: 'send a message',
      usesDatabase: true,
      targets: {
        bare: sending((s) => ({
          path: `/bare/conversations/${s.conversationId}/messages`,
          body: JSON.stringify({ content: message }),
        })),
        rest: sending((s) => ({
          path: `/api/conversations/${s.conversationId}/messages`,
          body: JSON.stringify({ content: message }),
        })),
        trpc: { ...sending(sendOf), headers: { 'content-type': 'application/json' } },
      },
    },
    {
      name: 'page',
      label: 'a page load (3 calls)',
      usesDatabase: true,
      targets: { trpc: web(page) },
    },
  ];
}

/** The targets a request has, with what each is sent. */
export const targetsOf = (scenario: Scenario) =>
  TARGETS.flatMap((target) => {
    const spec = scenario.targets[target];
    return spec ? [{ target, spec }] : [];
  });

/** The lowest ratio each path must keep to (a): REST, tRPC. */
export function targetsFor(scenario: Scenario): Record<Exclude<Target, 'bare'>, number | null> {
  if (!scenario.targets.bare) return { rest: null, trpc: null };
  if (scenario.usesDatabase) return { rest: 0.5, trpc: 0.5 };
  return { rest: null, trpc: 0.25 };
}
