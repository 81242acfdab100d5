import { useCallback, useMemo, useSyncExternalStore } from 'react';

import { createDeviceStore } from './device-store';

/**
 * The sales a buyer picked for their route. Kept on this device (localStorage) like the viewer's
 * location: which driveways someone plans to visit is nobody else's business.
 */
const ROUTE_STOPS_KEY = 'yardsale.routeStops';

/** More stops than anyone can visit in a day; keeps the planner and the lookups quick. */
const MAX_ROUTE_STOPS = 25;

/** Listing ids, in the order they were added; anything else under the key counts as none. */
function parseRouteStops(raw: string | null): number[] {
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

const store = createDeviceStore(ROUTE_STOPS_KEY, parseRouteStops);
const NO_STOPS: number[] = [];

function writeRouteStops(ids: number[]): void {
  store.write(ids.length === 0 ? null : JSON.stringify(ids));
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
  const ids = useSyncExternalStore(store.subscribe, store.getSnapshot, () => NO_STOPS);
  const add = useCallback((id: number) => {
    const current = store.getSnapshot();
    if (current.includes(id) || current.length >= MAX_ROUTE_STOPS) return;
    writeRouteStops([...current, id]);
  }, []);
  const remove = useCallback((id: number) => {
    writeRouteStops(store.getSnapshot().filter((stop) => stop !== id));
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
