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
import type { PlanOptions, RoutePlan, RouteStop } from './types';
import { compareOutcomes, evaluateOrder, roadMiles, timingOf, travelMs, visit } from './timing';

/** Largest number of stops planned exactly; 2^12 subsets stay well within a few milliseconds. */
export const EXACT_STOP_LIMIT = 12;

/** Local improvement stops after this many passes even if still improving (it never gets near). */
const MAX_IMPROVEMENT_PASSES = 100;
/** Improvements smaller than this (ms) are rounding noise, not progress. */
const EPSILON_MS = 1e-6;
/** Random restarts from the best route found; enough to repair most stuck orders, cheap at 25. */
const PERTURBATIONS = 12;

interface Problem {
  stops: readonly RouteStop[];
  /** Travel time in ms; row/column 0 is the start, stop i is index i + 1. */
  travel: Float64Array;
  size: number;
  departAt: number;
  dwellMs: number;
  /** Per stop, for the improvement loop: opening (-Infinity = open) and closing (Infinity). */
  opensAt: Float64Array;
  closesAt: Float64Array;
}

interface Outcome {
  lateCount: number;
  finishAt: number;
}

function uniqueById(stops: readonly RouteStop[]): RouteStop[] {
  const seen = new Set<number>();
  const unique: RouteStop[] = [];
  for (const stop of stops) {
    if (seen.has(stop.id)) continue;
    seen.add(stop.id);
    unique.push(stop);
  }
  return unique;
}

function buildProblem(stops: readonly RouteStop[], options: PlanOptions): Problem {
  const timing = timingOf(options);
  const points = [options.start, ...stops];
  const size = points.length;
  const travel = new Float64Array(size * size);
  points.forEach((a, i) => {
    points.forEach((b, j) => {
      travel[i * size + j] = i === j ? 0 : travelMs(roadMiles(a, b), timing.speedMph);
    });
  });
  return {
    stops,
    travel,
    size,
    departAt: timing.departAt,
    dwellMs: timing.dwellMs,
    opensAt: Float64Array.from(stops, (stop) => stop.opensAt ?? -Infinity),
    closesAt: Float64Array.from(stops, (stop) => stop.closesAt ?? Infinity),
  };
}

function stopAt(problem: Problem, index: number): RouteStop {
  const stop = problem.stops[index];
  if (stop === undefined) throw new RangeError(`No stop at ${index}`);
  return stop;
}

function travelBetween(problem: Problem, from: number, to: number): number {
  return problem.travel[from * problem.size + to] ?? 0;
}

/** Objective of visiting stops (indices into problem.stops) in this order. */
function outcomeOf(problem: Problem, order: readonly number[]): Outcome {
  let at = problem.departAt;
  let from = 0;
  let lateCount = 0;
  for (const index of order) {
    const result = visit(
      at + travelBetween(problem, from, index + 1),
      stopAt(problem, index),
      problem.dwellMs,
    );
    if (result.late) lateCount += 1;
    at = result.departAt;
    from = index + 1;
  }
  return { lateCount, finishAt: at };
}

function isBetter(a: Outcome, b: Outcome): boolean {
  if (a.lateCount !== b.lateCount) return a.lateCount < b.lateCount;
  return a.finishAt < b.finishAt - EPSILON_MS;
}

/** Exact order by dynamic programming over (visited set, last stop, late count). */
function exactOrder(problem: Problem): number[] {
  const n = problem.stops.length;
  const levels = n + 1;
  const stateCount = (1 << n) * n * levels;
  const best = new Float64Array(stateCount).fill(Infinity);
  const parentLast = new Int8Array(stateCount).fill(-1);
  const parentLate = new Int8Array(stateCount).fill(-1);
  const key = (mask: number, last: number, late: number) => (mask * n + last) * levels + late;
  const { travel, size, dwellMs, opensAt, closesAt } = problem;

  for (let j = 0; j < n; j += 1) {
    const result = visit(
      problem.departAt + travelBetween(problem, 0, j + 1),
      stopAt(problem, j),
      problem.dwellMs,
    );
    best[key(1 << j, j, result.late ? 1 : 0)] = result.departAt;
  }

  for (let mask = 1; mask < 1 << n; mask += 1) {
    for (let last = 0; last < n; last += 1) {
      if ((mask & (1 << last)) === 0) continue;
      // A state with more late stops is only worth extending if it is also earlier.
      let earliestSoFar = Infinity;
      for (let late = 0; late <= n; late += 1) {
        const at = best[key(mask, last, late)] ?? Infinity;
        if (at >= earliestSoFar) continue;
        earliestSoFar = at;
        for (let next = 0; next < n; next += 1) {
          if ((mask & (1 << next)) !== 0) continue;
          // The same rule as `visit`, unrolled: this loop runs up to a few million times.
          const arriveAt = at + (travel[(last + 1) * size + next + 1] ?? 0);
          const isLate = arriveAt > (closesAt[next] ?? Infinity);
          const departAt = Math.max(arriveAt, opensAt[next] ?? -Infinity) + dwellMs;
          const target = key(mask | (1 << next), next, late + (isLate ? 1 : 0));
          if (departAt < (best[target] ?? Infinity)) {
            best[target] = departAt;
            parentLast[target] = last;
            parentLate[target] = late;
          }
        }
      }
    }
  }

  const full = (1 << n) - 1;
  let bestLast = 0;
  let bestLate = 0;
  let bestOutcome: Outcome = { lateCount: Infinity, finishAt: Infinity };
  for (let late = 0; late <= n; late += 1) {
    for (let last = 0; last < n; last += 1) {
      const finishAt = best[key(full, last, late)] ?? Infinity;
      if (finishAt === Infinity) continue; // no route ends here with this many late stops
      if (compareOutcomes({ lateCount: late, finishAt }, bestOutcome) < 0) {
        bestOutcome = { lateCount: late, finishAt };
        bestLast = last;
        bestLate = late;
      }
    }
  }

  const order: number[] = [];
  let mask = full;
  let last = bestLast;
  let late = bestLate;
  while (last >= 0) {
    order.push(last);
    const k = key(mask, last, late);
    const previousLast = parentLast[k] ?? -1;
    const previousLate = parentLate[k] ?? -1;
    mask &= ~(1 << last);
    last = previousLast;
    late = previousLate;
  }
  return order.reverse();
}

/** Greedy: always drive to the closest stop not yet visited (ties: the earlier given). */
function nearestFirst(problem: Problem): number[] {
  const left = problem.stops.map((_, index) => index);
  const order: number[] = [];
  let from = 0;
  while (left.length > 0) {
    let pick = 0;
    left.forEach((index, position) => {
      const current = left[pick] ?? index;
      if (travelBetween(problem, from, index + 1) < travelBetween(problem, from, current + 1)) {
        pick = position;
      }
    });
    const [chosen] = left.splice(pick, 1);
    if (chosen === undefined) break;
    order.push(chosen);
    from = chosen + 1;
  }
  return order;
}

function sortedBy(problem: Problem, value: (stop: RouteStop) => number | null): number[] {
  return problem.stops
    .map((stop, index) => ({ index, value: value(stop) ?? Infinity }))
    .sort((a, b) => a.value - b.value || a.index - b.index)
    .map((entry) => entry.index);
}

/** Builds a route by inserting stops, in the given priority, where each costs the least. */
function cheapestInsertion(problem: Problem, priority: readonly number[]): number[] {
  let route: number[] = [];
  for (const index of priority) {
    let bestRoute: number[] | null = null;
    let bestOutcome: Outcome | null = null;
    for (let position = 0; position <= route.length; position += 1) {
      const candidate = [...route.slice(0, position), index, ...route.slice(position)];
      const outcome = outcomeOf(problem, candidate);
      if (bestOutcome === null || isBetter(outcome, bestOutcome)) {
        bestRoute = candidate;
        bestOutcome = outcome;
      }
    }
    route = bestRoute ?? [...route, index];
  }
  return route;
}

/**
 * 2-opt (reverse a stretch), swaps of two stops and or-opt (move 1-3 consecutive stops), each
 * taken only when it improves the objective. A candidate is timed only from the first stop it
 * changes (the times up to there are kept per position) and dropped as soon as it cannot beat
 * the current route: late stops and the clock only ever add up.
 */
function improve(
  problem: Problem,
  start: readonly number[],
): { order: number[]; outcome: Outcome } {
  const n = start.length;
  const order = Int32Array.from(start);
  const candidate = new Int32Array(n);
  // State after the first k stops of the current order: departure time and late stops.
  const prefixAt = new Float64Array(n + 1);
  const prefixLate = new Int32Array(n + 1);
  // The same rule as `visit`, unrolled: this loop is where the planner spends its time.
  const { travel, size, dwellMs, opensAt, closesAt } = problem;

  const retime = (from: number) => {
    let at = prefixAt[from] ?? problem.departAt;
    let late = prefixLate[from] ?? 0;
    for (let k = from; k < n; k += 1) {
      const previous = k === 0 ? 0 : (order[k - 1] ?? 0) + 1;
      const index = order[k] ?? 0;
      const arriveAt = at + (travel[previous * size + index + 1] ?? 0);
      if (arriveAt > (closesAt[index] ?? Infinity)) late += 1;
      at = Math.max(arriveAt, opensAt[index] ?? -Infinity) + dwellMs;
      prefixAt[k + 1] = at;
      prefixLate[k + 1] = late;
    }
  };

  /** Takes `candidate` (equal to the order before `from`) if it is better. */
  const accept = (from: number): boolean => {
    const bestLate = prefixLate[n] ?? 0;
    const bestFinish = prefixAt[n] ?? Infinity;
    let at = prefixAt[from] ?? problem.departAt;
    let late = prefixLate[from] ?? 0;
    for (let k = from; k < n; k += 1) {
      const previous = k === 0 ? 0 : (candidate[k - 1] ?? 0) + 1;
      const index = candidate[k] ?? 0;
      const arriveAt = at + (travel[previous * size + index + 1] ?? 0);
      if (arriveAt > (closesAt[index] ?? Infinity)) late += 1;
      at = Math.max(arriveAt, opensAt[index] ?? -Infinity) + dwellMs;
      if (late > bestLate || (late === bestLate && at >= bestFinish - EPSILON_MS)) return false;
    }
    order.set(candidate.subarray(from), from);
    retime(from);
    return true;
  };

  prefixAt[0] = problem.departAt;
  retime(0);
  for (let pass = 0; pass < MAX_IMPROVEMENT_PASSES; pass += 1) {
    let improved = false;
    for (let i = 0; i < n - 1; i += 1) {
      for (let j = i + 1; j < n; j += 1) {
        candidate.set(order);
        candidate.subarray(i, j + 1).reverse();
        if (accept(i)) improved = true;
      }
    }
    for (let i = 0; i < n - 1; i += 1) {
      for (let j = i + 1; j < n; j += 1) {
        candidate.set(order);
        candidate[i] = order[j] ?? 0;
        candidate[j] = order[i] ?? 0;
        if (accept(i)) improved = true;
      }
    }
    for (let length = 1; length <= 3; length += 1) {
      for (let i = 0; i + length <= n; i += 1) {
        // Move order[i, i + length) so that it starts at `target` in the new order.
        const segment = order.slice(i, i + length);
        for (let target = 0; target + length <= n; target += 1) {
          if (target === i) continue;
          candidate.set(order);
          if (target < i) {
            candidate.set(order.subarray(target, i), target + length);
          } else {
            candidate.set(order.subarray(i + length, target + length), i);
          }
          candidate.set(segment, target);
          if (accept(Math.min(i, target))) {
            improved = true;
            break;
          }
        }
      }
    }
    if (!improved) break;
  }
  const result = Array.from(order);
  return { order: result, outcome: outcomeOf(problem, result) };
}

function heuristicOrder(problem: Problem): number[] {
  const nearest = nearestFirst(problem);
  const closing = sortedBy(problem, (stop) => stop.closesAt);
  const opening = sortedBy(problem, (stop) => stop.opensAt);
  const starts = [
    nearest,
    closing,
    opening,
    cheapestInsertion(problem, nearest),
    cheapestInsertion(problem, closing),
    cheapestInsertion(problem, opening),
  ];
  let best = improve(problem, nearest);
  for (const start of starts.slice(1)) {
    const result = improve(problem, start);
    if (isBetter(result.outcome, best.outcome)) best = result;
  }
  // Kicks out of a local optimum: move a random stretch of the best route elsewhere, improve
  // again and keep the result if it is better. Seeded, so the plan stays the same every time.
  const random = seededRandom(problem.stops.length);
  const n = best.order.length;
  for (let kick = 0; kick < PERTURBATIONS; kick += 1) {
    const length = 1 + Math.floor(random() * Math.min(4, n - 1));
    const from = Math.floor(random() * (n - length + 1));
    const order = [...best.order];
    const segment = order.splice(from, length);
    const to = Math.floor(random() * (order.length + 1));
    order.splice(to, 0, ...segment);
    const result = improve(problem, order);
    if (isBetter(result.outcome, best.outcome)) best = result;
  }
  return best.order;
}

/** A small deterministic generator (mulberry32); the planner never uses Math.random. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
