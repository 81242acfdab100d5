import { errorStatus, serverMessage } from '../../lib/errors';

/**
 * The server's sentence when it refused the request for a reason the admin can act on (a 4xx, such
 * as a report another admin already moved); otherwise the fallback text (docs/product/texts.md).
 */
export function refusalMessage(error: unknown, fallback: string): string {
  const status = errorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) {
    return serverMessage(error) ?? fallback;
  }
  return fallback;
}
