/**
 * The order for routes too long to plan exactly: several starting orders, each improved by local
 * moves, then the best kicked and improved again (see planner.ts for the whole rule).
 */
import type { Outcome, Problem } from './problem';
import { EPSILON_MS, isBetter, outcomeOf, travelBetween } from './problem';
import type { RouteStop } from './types';

/** Local improvement stops after this many passes even if still improving (it never gets near). */
const MAX_IMPROVEMENT_PASSES = 100;
/** Random restarts from the best route found; enough to repair most stuck orders, cheap at 25. */
const PERTURBATIONS = 12;

/** Greedy: always drive to the closest stop not yet visited (ties: the earlier given). */
export function nearestFirst(problem: Problem): number[] {
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

export function heuristicOrder(problem: Problem): number[] {
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
