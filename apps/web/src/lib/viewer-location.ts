import { useCallback, useSyncExternalStore } from 'react';

import { createDeviceStore } from './device-store';

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

const store = createDeviceStore(VIEWER_LOCATION_KEY, parseViewerLocation);

/** Saves (or with null, forgets) the viewer's location and tells every component on the page. */
export function setViewerLocation(location: ViewerLocation | null): void {
  const checked = location === null ? null : toViewerLocation(location);
  store.write(checked === null ? null : JSON.stringify(checked));
}

/** Reads the saved location once, outside React (e.g. in a route loader). */
export function readViewerLocation(): ViewerLocation | null {
  return store.getSnapshot();
}

export function useViewerLocation(): {
  location: ViewerLocation | null;
  setLocation: (location: ViewerLocation | null) => void;
} {
  const location = useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
  const setLocation = useCallback((next: ViewerLocation | null) => {
    setViewerLocation(next);
  }, []);
  return { location, setLocation };
}
