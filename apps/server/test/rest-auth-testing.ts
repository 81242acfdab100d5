/** Set-up for the REST auth and profile tests: a request by hand, and a new account signed in. */
import { restClient } from './rest-client';

interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * A request the API's types do not describe (another site's origin or none, a file upload by
 * hand, a path that does not exist), as a client sees it.
 */
export async function call(
  server: { url: string; origin: string },
  method: string,
  url: string,
  options: { json?: unknown; form?: FormData; cookie?: string; origin?: string | null } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? server.origin : options.origin;
  if (origin) headers.origin = origin;
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers,
    body: options.form ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: res.headers,
  };
}

let counter = 0;

/**
 * A new account (Theo Marsh, password porch-swing-7), signed in on a client of its own; `reply` is
 * the sign-up's answer as it came and `cookie` its session.
 */
export async function register(server: { url: string; origin: string }, kind: string) {
  counter += 1;
  const email = `rest-${kind}-${counter}@example.com`;
  const client = restClient(server);
  const reply = await client.POST('/api/register', {
    body: {
      email,
      password: 'porch-swing-7',
      firstName: 'Theo',
      lastName: 'Marsh',
      termsAccepted: true,
    },
  });
  return { reply, email, client, cookie: client.cookie() };
}
