/**
 * A route to plan, as the planner's searches read it: the stops, the travel time between every two
 * points, and the objective of an order (fewest late stops, then earliest finish).
 */
import type { PlanOptions, RouteStop } from './types';
import { roadMiles, timingOf, travelMs, visit } from './timing';

/** Improvements smaller than this (ms) are rounding noise, not progress. */
export const EPSILON_MS = 1e-6;

export interface Problem {
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

export interface Outcome {
  lateCount: number;
  finishAt: number;
}

export function uniqueById(stops: readonly RouteStop[]): RouteStop[] {
  const seen = new Set<number>();
  const unique: RouteStop[] = [];
  for (const stop of stops) {
    if (seen.has(stop.id)) continue;
    seen.add(stop.id);
    unique.push(stop);
  }
  return unique;
}

export function buildProblem(stops: readonly RouteStop[], options: PlanOptions): Problem {
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

export function stopAt(problem: Problem, index: number): RouteStop {
  const stop = problem.stops[index];
  if (stop === undefined) throw new RangeError(`No stop at ${index}`);
  return stop;
}

export function travelBetween(problem: Problem, from: number, to: number): number {
  return problem.travel[from * problem.size + to] ?? 0;
}

/** Objective of visiting stops (indices into problem.stops) in this order. */
export function outcomeOf(problem: Problem, order: readonly number[]): Outcome {
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

export function isBetter(a: Outcome, b: Outcome): boolean {
  if (a.lateCount !== b.lateCount) return a.lateCount < b.lateCount;
  return a.finishAt < b.finishAt - EPSILON_MS;
}
