import { NOTIFICATION_TEXT } from '@yardsale/validators';

const M = NOTIFICATION_TEXT.push;

/** The app's icon beside every notification (precached with the other icons). */
export const NOTIFICATION_ICON = '/pwa-192x192.png';

/** Where a notification without a page of its own opens the app: the installed app's start page. */
export const START_PATH = '/home';

/** Kept on the notification for its click. */
interface NotificationData {
  url: string | null;
  listingId: number | null;
  conversationId: number | null;
}

interface PushNotification {
  title: string;
  options: NotificationOptions & { data: NotificationData };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

const id = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

/**
 * The notification a push shows. The server sends `{ title, body, url, tag, listingId,
 * conversationId }` as JSON; the tag is the notification's own key, so a push delivered twice
 * replaces the first rather than showing it again. A push the worker cannot read still shows
 * something: browsers require every push to be shown.
 */
export function notificationFromPush(data: { text(): string } | null): PushNotification {
  let payload: Record<string, unknown> = {};
  if (data) {
    try {
      const parsed: unknown = JSON.parse(data.text());
      if (isRecord(parsed)) payload = parsed;
    } catch {
      // Not JSON: shown with the general text below.
    }
  }
  const tag = text(payload.tag);
  return {
    title: text(payload.title) ?? M.fallbackTitle,
    options: {
      body: text(payload.body) ?? (text(payload.title) ? '' : M.fallbackBody),
      icon: NOTIFICATION_ICON,
      ...(tag ? { tag } : {}),
      data: {
        url: text(payload.url),
        listingId: id(payload.listingId),
        conversationId: id(payload.conversationId),
      },
    },
  };
}

/**
 * The page a click opens: a path on the app's own origin, or null for anything else (another
 * site, a scheme, a protocol-relative address), which a click must never open.
 */
export function appPath(url: unknown, origin: string): string | null {
  if (typeof url !== 'string' || !url.startsWith('/')) return null;
  let resolved: URL;
  try {
    resolved = new URL(url, origin);
  } catch {
    return null;
  }
  if (resolved.origin !== origin) return null;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The path a clicked notification asks for, from the data the push gave it. */
export function clickedPath(data: unknown, origin: string): string | null {
  return isRecord(data) ? appPath(data.url, origin) : null;
}

/**
 * The app's window a click brings forward: the one in use, else one on screen, else any; none
 * when the app is not open.
 */
export function chooseWindow<T extends { focused: boolean; visibilityState: string }>(
  windows: readonly T[],
): T | undefined {
  return (
    windows.find((w) => w.focused) ??
    windows.find((w) => w.visibilityState === 'visible') ??
    windows[0]
  );
}
