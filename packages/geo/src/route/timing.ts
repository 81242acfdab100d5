import { milesBetween } from '../distance';
import type { PlanOptions, PlannedStop, RoutePlan, RouteStop } from './types';

/**
 * Roads are rarely straight: driving miles are estimated as the great-circle miles times this
 * factor (a common rule of thumb for suburban street grids). Every leg distance and total the
 * planner reports is this estimate, not the straight line.
 */
export const ROAD_FACTOR = 1.3;
export const DEFAULT_SPEED_MPH = 25;
export const DEFAULT_DWELL_MINUTES = 15;

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;

/** Estimated driving miles between two points. */
export function roadMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  return milesBetween(a, b) * ROAD_FACTOR;
}

interface Timing {
  departAt: number;
  dwellMs: number;
  speedMph: number;
}

export function timingOf(options: PlanOptions): Timing {
  const speedMph =
    Number.isFinite(options.speedMph) && options.speedMph > 0
      ? options.speedMph
      : DEFAULT_SPEED_MPH;
  const dwell = options.dwellMinutes ?? DEFAULT_DWELL_MINUTES;
  const dwellMinutes = Number.isFinite(dwell) && dwell >= 0 ? dwell : DEFAULT_DWELL_MINUTES;
  return { departAt: options.departAt, dwellMs: dwellMinutes * MS_PER_MINUTE, speedMph };
}

export function travelMs(miles: number, speedMph: number): number {
  return (miles / speedMph) * MS_PER_HOUR;
}

/**
 * One visit: arriving before opening means waiting for it; arriving after closing is late
 * (the stop stays in the route so the buyer sees the warning). Arriving exactly at closing
 * counts as on time. The dwell is spent at every stop, late or not.
 */
export function visit(
  arriveAt: number,
  stop: Pick<RouteStop, 'opensAt' | 'closesAt'>,
  dwellMs: number,
): { startAt: number; departAt: number; late: boolean } {
  const startAt = stop.opensAt !== null && arriveAt < stop.opensAt ? stop.opensAt : arriveAt;
  const late = stop.closesAt !== null && arriveAt > stop.closesAt;
  return { startAt, departAt: startAt + dwellMs, late };
}

/**
 * The plan for visiting the stops in exactly the given order: arrival, waiting, warnings and
 * miles per stop. This is the one timing rule; the planner's search uses the same `visit`.
 */
export function evaluateOrder(stops: readonly RouteStop[], options: PlanOptions): RoutePlan {
  const timing = timingOf(options);
  let at = timing.departAt;
  let from: { latitude: number; longitude: number } = options.start;
  let totalMiles = 0;
  let lateCount = 0;
  const planned: PlannedStop[] = [];
  for (const stop of stops) {
    const legMiles = roadMiles(from, stop);
    const arriveAt = at + travelMs(legMiles, timing.speedMph);
    const result = visit(arriveAt, stop, timing.dwellMs);
    const waitMs = result.startAt - arriveAt;
    if (result.late) lateCount += 1;
    planned.push({
      stop,
      arriveAt,
      departAt: result.departAt,
      legMiles,
      warning: result.late ? 'late' : waitMs > 0 ? 'early' : null,
      waitMinutes: waitMs / MS_PER_MINUTE,
    });
    totalMiles += legMiles;
    at = result.departAt;
    from = stop;
  }
  return { stops: planned, totalMiles, finishAt: at, lateCount };
}

/**
 * The planner's objective, lexicographic: fewer late stops first, then the earlier finish
 * (with a fixed dwell per stop, that is the least driving plus waiting). Negative = a is better.
 */
export function compareOutcomes(
  a: { lateCount: number; finishAt: number },
  b: { lateCount: number; finishAt: number },
): number {
  if (a.lateCount !== b.lateCount) return a.lateCount - b.lateCount;
  return a.finishAt - b.finishAt;
}
