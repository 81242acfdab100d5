/**
 * The one way the app talks to the REST surface (used for uploads, which tRPC does not carry).
 * Any non-2xx answer becomes an `HttpError` whose message is `${status}: ${body}` (spec section 8).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The user-facing sentence the server put in its JSON body, if any. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
        const { message } = parsed;
        if (typeof message === 'string' && message.trim()) return message;
      }
    } catch {
      // A plain-text body is the message itself.
      if (this.body.trim()) return this.body.trim();
    }
    return undefined;
  }
}

export async function apiRequest(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: FormData | object,
): Promise<Response> {
  const init: RequestInit = { method, credentials: 'same-origin' };
  if (body instanceof FormData) {
    // The browser sets the multipart boundary itself.
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await fetch(url, init);
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new HttpError(response.status, text, response.statusText);
  }
  return response;
}
