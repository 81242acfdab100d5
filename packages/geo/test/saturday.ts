import { EARTH_RADIUS_MILES } from '../src/distance';
import type { PlanOptions, RouteStop } from '../src/route/index';

/** A Saturday of sales around one start, shared by the planner's tests and its bench. */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
/** Saturday 8:00 (UTC, which is all the planner sees: instants). */
export const EIGHT = Date.UTC(2026, 4, 16, 8, 0);
export const at = (hours: number, minutes = 0) => EIGHT + (hours - 8) * HOUR + minutes * MINUTE;
export const START = { latitude: 43.0, longitude: -89.4 };
/** Degrees of latitude per mile on the planner's sphere. */
export const DEGREES_PER_MILE = 180 / (Math.PI * EARTH_RADIUS_MILES);

export function stop(
  id: number,
  latitude: number,
  longitude: number,
  hours?: [number, number],
): RouteStop {
  return {
    id,
    title: `Sale ${id}`,
    latitude,
    longitude,
    opensAt: hours ? at(hours[0]) : null,
    closesAt: hours ? at(hours[1]) : null,
  };
}

export const options = (overrides: Partial<PlanOptions> = {}): PlanOptions => ({
  start: START,
  departAt: EIGHT,
  speedMph: 25,
  ...overrides,
});

/** Deterministic pseudo-random numbers in [0, 1) so the benchmark always plans the same sales. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export function saturdayOfSales(count: number, seed: number): RouteStop[] {
  const random = seeded(seed);
  const milesPerDegreeLng = 1 / (DEGREES_PER_MILE / Math.cos((START.latitude * Math.PI) / 180));
  return Array.from({ length: count }, (_, index) => {
    const angle = random() * 2 * Math.PI;
    const miles = random() * 15;
    const opens = 8 + Math.floor(random() * 4); // 8:00 to 11:00
    const closes = Math.min(14, opens + 2 + Math.floor(random() * 4));
    return stop(
      index + 1,
      START.latitude + Math.sin(angle) * miles * DEGREES_PER_MILE,
      START.longitude + (Math.cos(angle) * miles) / milesPerDegreeLng,
      [opens, closes],
    );
  });
}
