import type { Outcome, Problem } from './problem';
import { stopAt, travelBetween } from './problem';
import { compareOutcomes, visit } from './timing';

/** Exact order by dynamic programming over (visited set, last stop, late count). */
export function exactOrder(problem: Problem): number[] {
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
