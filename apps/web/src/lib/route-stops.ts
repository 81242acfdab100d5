import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * The sales a buyer picked for their route. Kept on this device (localStorage) like the viewer's
 * location: which driveways someone plans to visit is nobody else's business.
 */
export const ROUTE_STOPS_KEY = 'yardsale.routeStops';

/** More stops than anyone can visit in a day; keeps the planner and the lookups quick. */
export const MAX_ROUTE_STOPS = 25;

/** Listing ids, in the order they were added; anything else under the key counts as none. */
export function parseRouteStops(raw: string | null): number[] {
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const ids = parsed.filter(
      (value): value is number =>
        typeof value === 'number' && Number.isSafeInteger(value) && value > 0,
    );
    return [...new Set(ids)].slice(0, MAX_ROUTE_STOPS);
  } catch {
    return [];
  }
}

// Where the stops live when the browser refuses storage, so they last until the page is closed.
let memoryRaw: string | null = null;
let storageRefused = false;

function readStorage(): string | null {
  if (storageRefused) return memoryRaw;
  try {
    return localStorage.getItem(ROUTE_STOPS_KEY);
  } catch {
    storageRefused = true;
    return memoryRaw;
  }
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedIds: number[] = [];

function getSnapshot(): number[] {
  const raw = readStorage();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedIds = parseRouteStops(raw);
  }
  return cachedIds;
}

const NO_STOPS: number[] = [];
function getServerSnapshot(): number[] {
  return NO_STOPS;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === ROUTE_STOPS_KEY || event.key === null) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function writeRouteStops(ids: number[]): void {
  const raw = ids.length === 0 ? null : JSON.stringify(ids);
  memoryRaw = raw;
  try {
    if (raw === null) localStorage.removeItem(ROUTE_STOPS_KEY);
    else localStorage.setItem(ROUTE_STOPS_KEY, raw);
  } catch {
    storageRefused = true;
  }
  notify();
}

export function useRouteStops(): {
  ids: number[];
  add: (id: number) => void;
  remove: (id: number) => void;
  has: (id: number) => boolean;
  clear: () => void;
  /** False once MAX_ROUTE_STOPS are picked. */
  canAdd: boolean;
} {
  const ids = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const add = useCallback((id: number) => {
    const current = getSnapshot();
    if (current.includes(id) || current.length >= MAX_ROUTE_STOPS) return;
    writeRouteStops([...current, id]);
  }, []);
  const remove = useCallback((id: number) => {
    writeRouteStops(getSnapshot().filter((stop) => stop !== id));
  }, []);
  const clear = useCallback(() => {
    writeRouteStops([]);
  }, []);
  const has = useCallback((id: number) => ids.includes(id), [ids]);
  return useMemo(
    () => ({ ids, add, remove, has, clear, canAdd: ids.length < MAX_ROUTE_STOPS }),
    [ids, add, remove, has, clear],
  );
}
