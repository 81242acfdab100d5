import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_MILES } from '../distance';
import {
  DEGREES_PER_MILE,
  EIGHT,
  HOUR,
  MINUTE,
  START,
  at,
  options,
  saturdayOfSales,
  stop,
} from '../../test/saturday';
import {
  EXACT_STOP_LIMIT,
  ROAD_FACTOR,
  appleMapsLegs,
  compareOutcomes,
  evaluateOrder,
  googleMapsLegs,
  nearestFirstOrder,
  planRoute,
  type RouteStop,
} from './index';
import { planExactly } from './planner';

const ids = (stops: { stop: RouteStop }[]) => stops.map((planned) => planned.stop.id);

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [
      item,
      ...rest,
    ]),
  );
}

describe('planRoute: order', () => {
  it('visits sales along one road in order, with the road-factor miles of the drive', () => {
    const stops = [
      stop(3, 43.03, -89.4),
      stop(1, 43.01, -89.4),
      stop(4, 43.04, -89.4),
      stop(2, 43.02, -89.4),
    ];
    const plan = planRoute(stops, options());
    expect(ids(plan.stops)).toEqual([1, 2, 3, 4]);
    // 0.04 degrees of latitude is 2.7668 straight miles; times 1.3 for the roads.
    expect(ROAD_FACTOR).toBe(1.3);
    expect(plan.totalMiles).toBeCloseTo(0.04 * (Math.PI / 180) * EARTH_RADIUS_MILES * 1.3, 6);
    expect(plan.totalMiles).toBeCloseTo(3.597, 3);
    expect(plan.lateCount).toBe(0);
    // 3.597 miles at 25 mph is 8.63 minutes of driving, plus 4 stops of 15 minutes.
    expect((plan.finishAt - EIGHT) / MINUTE).toBeCloseTo((3.597 / 25) * 60 + 60, 1);
  });

  it('also finds the straight order when there are too many sales to plan exactly', () => {
    const count = EXACT_STOP_LIMIT + 6;
    const stops = Array.from({ length: count }, (_, index) =>
      stop(index + 1, 43 + ((index * 7) % count) * 0.005 + 0.005, -89.4),
    );
    const plan = planRoute(stops, options());
    const byLatitude = [...stops].sort((a, b) => a.latitude - b.latitude).map((s) => s.id);
    expect(ids(plan.stops)).toEqual(byLatitude);
    expect(plan.totalMiles).toBeCloseTo(
      count * 0.005 * (Math.PI / 180) * EARTH_RADIUS_MILES * 1.3,
      6,
    );
  });

  it('goes to the far sale first when the near one is not open yet and the far one closes early', () => {
    const near = stop(1, START.latitude + 1 * DEGREES_PER_MILE, START.longitude, [10, 12]);
    const far = stop(2, START.latitude - 10 * DEGREES_PER_MILE, START.longitude, [8, 9.5]);
    const plan = planRoute([near, far], options());
    expect(ids(plan.stops)).toEqual([2, 1]);
    expect(plan.lateCount).toBe(0);
    expect(plan.stops.map((planned) => planned.warning)).toEqual([null, 'early']);

    const greedy = evaluateOrder(nearestFirstOrder([near, far], options()), options());
    expect(ids(greedy.stops)).toEqual([1, 2]);
    expect(greedy.lateCount).toBe(1);
    expect(greedy.stops[1]?.warning).toBe('late');
  });

  it('is as good as trying every order when it plans exactly', () => {
    const stops = saturdayOfSales(7, 11).map((s, index) =>
      // Tight windows so that the order matters for lateness, not only miles.
      index % 2 === 0 ? { ...s, closesAt: (s.opensAt ?? EIGHT) + HOUR / 2 } : s,
    );
    const plan = planRoute(stops, options());
    const best = permutations(stops)
      .map((order) => evaluateOrder(order, options()))
      .reduce((a, b) => (compareOutcomes(b, a) < 0 ? b : a));
    expect(plan.stops).toHaveLength(7);
    expect(plan.lateCount).toBe(best.lateCount);
    expect(plan.finishAt).toBeCloseTo(best.finishAt, 3);
  });

  it('plans nothing for no sales and a sale given twice once', () => {
    expect(planRoute([], options())).toEqual({
      stops: [],
      totalMiles: 0,
      finishAt: EIGHT,
      lateCount: 0,
    });
    const a = stop(1, 43.01, -89.4);
    const plan = planRoute([a, stop(2, 43.02, -89.4), { ...a }], options());
    expect(ids(plan.stops)).toEqual([1, 2]);
  });
});

describe('planRoute: warnings', () => {
  // 2 straight miles are 2.6 road miles: 6 minutes at 26 mph.
  const twoMilesNorth = START.latitude + 2 * DEGREES_PER_MILE;

  it('waits for a sale that is not open yet', () => {
    const plan = planRoute(
      [stop(1, twoMilesNorth, START.longitude, [9, 12])],
      options({ speedMph: 26 }),
    );
    const [visit] = plan.stops;
    expect(visit?.warning).toBe('early');
    expect(visit?.legMiles).toBeCloseTo(2.6, 6);
    expect(((visit?.arriveAt ?? 0) - EIGHT) / MINUTE).toBeCloseTo(6, 6);
    expect(visit?.waitMinutes).toBeCloseTo(54, 6);
    expect(visit?.departAt).toBe(at(9, 15));
    expect(plan.finishAt).toBe(at(9, 15));
    expect(plan.lateCount).toBe(0);
  });

  it('keeps a sale that will have closed, marked late', () => {
    const closing = {
      ...stop(1, twoMilesNorth, START.longitude),
      opensAt: at(7),
      closesAt: at(8, 5),
    };
    const plan = planRoute([closing], options({ speedMph: 26, dwellMinutes: 10 }));
    const [visit] = plan.stops;
    expect(visit?.warning).toBe('late');
    expect(visit?.waitMinutes).toBe(0);
    expect(plan.lateCount).toBe(1);
    expect(((visit?.departAt ?? 0) - EIGHT) / MINUTE).toBeCloseTo(16, 6);
  });

  it('counts arriving at closing time as on time', () => {
    // A sale at the start itself: the buyer arrives the instant they leave.
    const here = { ...stop(1, START.latitude, START.longitude), opensAt: null, closesAt: EIGHT };
    const plan = planRoute([here], options());
    expect(plan.stops[0]?.arriveAt).toBe(EIGHT);
    expect(plan.stops[0]?.warning).toBeNull();
    expect(plan.lateCount).toBe(0);
    const oneMinuteLate = planRoute([here], options({ departAt: EIGHT + MINUTE }));
    expect(oneMinuteLate.stops[0]?.warning).toBe('late');
  });
});

describe('planRoute: a full Saturday', () => {
  it('plans 25 sales, each once, and beats driving to the nearest sale each time', () => {
    // How long it takes is measured by `pnpm --filter @yardsale/geo bench:route`, not here.
    const stops = saturdayOfSales(25, 2026);
    const plan = planRoute(stops, options());
    expect([...ids(plan.stops)].sort((a, b) => a - b)).toEqual(stops.map((s) => s.id));
    const greedy = evaluateOrder(nearestFirstOrder(stops, options()), options());
    expect(compareOutcomes(plan, greedy)).toBeLessThanOrEqual(0);
  });
  it('on longer routes, comes close to the exact plan', () => {
    // Twelve busy Saturdays of 14 sales (35 minutes per sale in travel and browsing), just past
    // the exact limit. Measured: 9 of 12 exact; two miss one sale more, one ends a minute later.
    let exactMatches = 0;
    for (let seed = 1; seed <= 12; seed += 1) {
      const stops = saturdayOfSales(EXACT_STOP_LIMIT + 2, seed);
      const plan = planRoute(stops, options());
      const exact = planExactly(stops, options());
      expect(compareOutcomes(plan, exact)).toBeGreaterThanOrEqual(-1);
      expect(plan.lateCount).toBeLessThanOrEqual(exact.lateCount + 1);
      if (plan.lateCount === exact.lateCount && plan.finishAt - exact.finishAt < 1000) {
        exactMatches += 1;
      }
    }
    expect(exactMatches).toBeGreaterThanOrEqual(9);
  });
});

describe('maps links', () => {
  const points = Array.from({ length: 25 }, (_, index) => ({
    latitude: 43 + index / 1000,
    longitude: -89.4 - index / 1000,
  }));

  it('splits Google directions into legs of at most 9 waypoints, each from the previous end', () => {
    const urls = googleMapsLegs(START, points);
    expect(urls).toHaveLength(3);
    const legs = urls.map((url) => new URL(url).searchParams);
    expect(legs.map((leg) => leg.get('origin'))).toEqual([
      '43.000000,-89.400000',
      '43.009000,-89.409000',
      '43.019000,-89.419000',
    ]);
    expect(legs.map((leg) => leg.get('destination'))).toEqual([
      '43.009000,-89.409000',
      '43.019000,-89.419000',
      '43.024000,-89.424000',
    ]);
    expect(legs.map((leg) => leg.get('waypoints')?.split('|').length)).toEqual([9, 9, 4]);
    expect(legs.every((leg) => leg.get('api') === '1' && leg.get('travelmode') === 'driving')).toBe(
      true,
    );
  });

  it('writes the Google URL with 6 decimals and the waypoint separator encoded', () => {
    expect(
      googleMapsLegs(START, [
        { latitude: 43.1, longitude: -89.5 },
        { latitude: 43.123456789, longitude: -89.2 },
        { latitude: 43.2, longitude: -89.3 },
      ]),
    ).toEqual([
      'https://www.google.com/maps/dir/?api=1&origin=43.000000,-89.400000' +
        '&destination=43.200000,-89.300000' +
        '&waypoints=43.100000,-89.500000%7C43.123457,-89.200000&travelmode=driving',
    ]);
    expect(googleMapsLegs(START, [{ latitude: 43.1, longitude: -89.5 }])).toEqual([
      'https://www.google.com/maps/dir/?api=1&origin=43.000000,-89.400000' +
        '&destination=43.100000,-89.500000&travelmode=driving',
    ]);
    expect(googleMapsLegs(START, [])).toEqual([]);
  });

  it('gives Apple Maps one URL per sale, each from the previous sale', () => {
    const urls = appleMapsLegs(START, points);
    expect(urls).toHaveLength(25);
    expect(urls[0]).toBe(
      'https://maps.apple.com/?saddr=43.000000,-89.400000&daddr=43.000000,-89.400000&dirflg=d',
    );
    expect(urls[1]).toBe(
      'https://maps.apple.com/?saddr=43.000000,-89.400000&daddr=43.001000,-89.401000&dirflg=d',
    );
    expect(urls[24]).toBe(
      'https://maps.apple.com/?saddr=43.023000,-89.423000&daddr=43.024000,-89.424000&dirflg=d',
    );
  });
});
