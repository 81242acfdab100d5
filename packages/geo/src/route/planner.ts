/**
 * The Saturday route planner: in which order to visit the sales a buyer picked.
 *
 * Timing. Driving miles are the straight-line miles times ROAD_FACTOR (1.3), and a leg takes
 * legMiles / speedMph. Arriving before a sale opens, the buyer waits until it opens (warning
 * 'early', waitMinutes); arriving after it closes is 'late': the stop stays in the plan so the
 * app can warn. Arrival exactly at closing time is on time. The buyer then stays dwellMinutes at
 * every stop. The route ends at the last stop (no drive home).
 *
 * Objective, lexicographic: first the fewest late stops, then the earliest finish, which with a
 * fixed dwell per stop is the least driving plus waiting.
 *
 * Search. Up to EXACT_STOP_LIMIT stops the order is exact: a dynamic programme over subsets of
 * stops (Held-Karp) that keeps, for each set visited, last stop and number of late stops, the
 * earliest departure. That is exact because arriving earlier never makes the rest of the route
 * later or add late stops. Above the limit: several starting orders (nearest first, earliest
 * closing first, earliest opening first), each also rebuilt by cheapest insertion, then improved
 * by 2-opt, swap and or-opt moves taken only when the objective improves; the best result is then
 * kicked (a stretch moved elsewhere) and improved again a fixed number of times. The kicks come
 * from a seeded generator and ties go to the earlier candidate, so the same stops always give the
 * same plan, and it is never worse than driving to the nearest sale each time (that order is one
 * of the starts).
 *
 * Input. Stops must have coordinates (the caller leaves out those that cannot be placed). No
 * stops gives an empty plan; a stop id given twice is planned once (the first one given).
 */
import { exactOrder } from './exact-order';
import { heuristicOrder, nearestFirst } from './heuristic-order';
import { buildProblem, stopAt, uniqueById } from './problem';
import type { PlanOptions, RoutePlan, RouteStop } from './types';
import { evaluateOrder } from './timing';

/** Largest number of stops planned exactly; 2^12 subsets stay well within a few milliseconds. */
export const EXACT_STOP_LIMIT = 12;

/** The order a buyer gets by always driving to the closest sale next (a baseline to beat). */
export function nearestFirstOrder(stops: readonly RouteStop[], options: PlanOptions): RouteStop[] {
  const problem = buildProblem(uniqueById(stops), options);
  return nearestFirst(problem).map((index) => stopAt(problem, index));
}

/** Largest number of stops `planExactly` accepts: its memory grows as 2^n * n^2. */
const EXACT_MAX_STOPS = 14;

/**
 * The exact plan whatever the number of stops (up to 14, and slow above 12): what the planner's
 * search for longer routes is measured against.
 */
export function planExactly(stops: readonly RouteStop[], options: PlanOptions): RoutePlan {
  const unique = uniqueById(stops);
  if (unique.length > EXACT_MAX_STOPS) {
    throw new RangeError(`At most ${EXACT_MAX_STOPS} stops can be planned exactly`);
  }
  if (unique.length === 0) return evaluateOrder([], options);
  const problem = buildProblem(unique, options);
  return evaluateOrder(
    exactOrder(problem).map((index) => stopAt(problem, index)),
    options,
  );
}

/** Plans the visiting order of the given sales; see the module comment for the rules. */
export function planRoute(stops: RouteStop[], options: PlanOptions): RoutePlan {
  const unique = uniqueById(stops);
  if (unique.length === 0) return evaluateOrder([], options);
  const problem = buildProblem(unique, options);
  const order = unique.length <= EXACT_STOP_LIMIT ? exactOrder(problem) : heuristicOrder(problem);
  return evaluateOrder(
    order.map((index) => stopAt(problem, index)),
    options,
  );
}
