import { useCallback, useSyncExternalStore } from 'react';

/**
 * Where the viewer wants to shop from. It stays on this device (localStorage), never on the
 * server: a buyer's whereabouts are nobody else's business.
 */
export const VIEWER_LOCATION_KEY = 'yardsale.viewerLocation';

export const RADIUS_CHOICES = [1, 5, 10, 25, 50] as const;
export const DEFAULT_RADIUS_MILES = 10;

export interface ViewerLocation {
  latitude: number;
  longitude: number;
  /** A ZIP code or "Town, ST", or "your location" for the device's position. */
  label: string;
  radiusMiles: number;
  source: 'device' | 'place';
}

function numberWithin(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

/**
 * The stored value's shape, checked by hand rather than with zod: this module loads with the home
 * page, and zod would add some 14 KB (gzip) to it for five fields.
 */
function toViewerLocation(value: unknown): ViewerLocation | null {
  if (typeof value !== 'object' || value === null) return null;
  const { latitude, longitude, label, radiusMiles, source } = value as Record<string, unknown>;
  if (!numberWithin(latitude, -90, 90) || !numberWithin(longitude, -180, 180)) return null;
  if (typeof label !== 'string' || label.trim() === '' || label.length > 100) return null;
  if (!numberWithin(radiusMiles, 0, 250) || radiusMiles === 0) return null;
  if (source !== 'device' && source !== 'place') return null;
  return { latitude, longitude, label, radiusMiles, source };
}

/** Anything else found under the key (an old shape, a hand edit) counts as no location. */
export function parseViewerLocation(raw: string | null): ViewerLocation | null {
  if (raw === null) return null;
  try {
    return toViewerLocation(JSON.parse(raw));
  } catch {
    return null;
  }
}

// Where the choice lives when the browser refuses storage (private modes, strict settings), so
// it still works until the page is closed.
let memoryRaw: string | null = null;
let storageRefused = false;

function readStorage(): string | null {
  if (storageRefused) return memoryRaw;
  try {
    return localStorage.getItem(VIEWER_LOCATION_KEY);
  } catch {
    storageRefused = true;
    return memoryRaw;
  }
}

const listeners = new Set<() => void>();
// Cached by the raw string so every reader gets the same object until the value really changes.
let cachedRaw: string | null | undefined;
let cachedValue: ViewerLocation | null = null;

function getSnapshot(): ViewerLocation | null {
  const raw = readStorage();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedValue = parseViewerLocation(raw);
  }
  return cachedValue;
}

function getServerSnapshot(): ViewerLocation | null {
  return null;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  // Another tab changed it (event.key is null when that tab cleared all storage).
  if (event.key === VIEWER_LOCATION_KEY || event.key === null) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** Saves (or with null, forgets) the viewer's location and tells every component on the page. */
export function setViewerLocation(location: ViewerLocation | null): void {
  const checked = location === null ? null : toViewerLocation(location);
  const raw = checked === null ? null : JSON.stringify(checked);
  memoryRaw = raw;
  try {
    if (raw === null) localStorage.removeItem(VIEWER_LOCATION_KEY);
    else localStorage.setItem(VIEWER_LOCATION_KEY, raw);
  } catch {
    storageRefused = true;
  }
  notify();
}

/** Reads the saved location once, outside React (e.g. in a route loader). */
export function readViewerLocation(): ViewerLocation | null {
  return getSnapshot();
}

export function useViewerLocation(): {
  location: ViewerLocation | null;
  setLocation: (location: ViewerLocation | null) => void;
} {
  const location = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const setLocation = useCallback((next: ViewerLocation | null) => {
    setViewerLocation(next);
  }, []);
  return { location, setLocation };
}
