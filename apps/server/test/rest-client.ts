import createClient from 'openapi-fetch';
import type { Client } from 'openapi-fetch';

import type { paths } from './openapi-client.gen';

export type RestClient = Client<paths> & {
  /** The Cookie header it sends: the cookies the server has set on it so far. */
  cookie(): string;
};

/**
 * A client of the REST API typed by the committed OpenAPI types (what a third-party client would
 * generate), acting as one browser: it calls from the app's own origin and keeps the cookies the
 * server sets (a session, a pending second factor), removing those the server clears.
 * `forwardedFor` stands for the address a trusted proxy would have added.
 */
export function restClient(
  server: { url: string; origin: string },
  options: { cookie?: string; forwardedFor?: string } = {},
): RestClient {
  const jar = new Map<string, string>();
  for (const pair of (options.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const client = createClient<paths>({
    baseUrl: server.url,
    headers: {
      origin: server.origin,
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
  });
  client.use({
    onRequest({ request }) {
      if (jar.size > 0) request.headers.set('cookie', cookie());
      return request;
    },
    onResponse({ response }) {
      for (const set of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = set.split(';');
        const at = pair.indexOf('=');
        if (at <= 0) continue;
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        const expired = attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a));
        if (!value || expired) jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    },
  });
  return Object.assign(client, { cookie });
}

/**
 * openapi-fetch's `bodySerializer` for multipart operations: each field as a form field, each Blob
 * in an array as a file (named after its field), other values as JSON.
 */
export function asForm(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && value.every((item) => item instanceof Blob)) {
      value.forEach((file, i) => form.append(name, file, `${name}-${String(i)}.jpg`));
    } else if (typeof value === 'string') {
      form.append(name, value);
    } else {
      form.append(name, JSON.stringify(value));
    }
  }
  return form;
}
