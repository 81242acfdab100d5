import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clocksDiffer,
  defaultDeparture,
  fromWallClockInput,
  isOpenOn,
  openingWindow,
  planRoute,
  toWallClockInput,
  tripTimeZone,
  wallClockAt,
} from './index';
import type { SaleWhen } from './sale-time';

const CHICAGO = 'America/Chicago';
const SATURDAY = '2026-06-13';
/** Thursday before, 3:00 PM in Madison. */
const THURSDAY_AFTERNOON = Date.UTC(2026, 5, 11, 20, 0);

const sale = (overrides: Partial<SaleWhen> = {}): SaleWhen => ({
  startDate: SATURDAY,
  endDate: null,
  startTime: '09:00',
  endTime: '14:00',
  timeZone: CHICAGO,
  ...overrides,
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the trip is read on the sales’ clock', () => {
  it('takes the zone most of the dated sales are in; undated sales have no say', () => {
    expect(
      tripTimeZone([
        sale({ timeZone: 'America/Denver' }),
        sale(),
        sale(),
        sale({ startDate: null, timeZone: 'UTC' }),
        sale({ startDate: null, timeZone: 'UTC' }),
      ]),
    ).toBe(CHICAGO);
    // A tie goes to the first picked.
    expect(tripTimeZone([sale({ timeZone: 'America/Denver' }), sale()])).toBe('America/Denver');
    expect(tripTimeZone([sale({ startDate: null })])).toBeNull();
  });

  it('opens and closes a sale at its hours in its own zone, daylight time included', () => {
    expect(openingWindow(sale(), SATURDAY)).toEqual({
      opensAt: Date.UTC(2026, 5, 13, 14, 0),
      closesAt: Date.UTC(2026, 5, 13, 19, 0),
    });
    // In January Madison is 6 hours behind UTC, not 5.
    expect(openingWindow(sale({ startDate: '2027-01-09' }), '2027-01-09').opensAt).toBe(
      Date.UTC(2027, 0, 9, 15, 0),
    );
    // No end time: 6:00 PM, as listings end; no start time: open from the start of the trip.
    expect(openingWindow(sale({ startTime: null, endTime: null }), SATURDAY)).toEqual({
      opensAt: null,
      closesAt: Date.UTC(2026, 5, 13, 23, 0),
    });
    expect(openingWindow(sale({ startDate: null }), SATURDAY)).toEqual({
      opensAt: null,
      closesAt: null,
    });
    expect(isOpenOn(sale({ endDate: '2026-06-14' }), '2026-06-14')).toBe(true);
    expect(isOpenOn(sale(), '2026-06-14')).toBe(false);
  });

  it('leaves at 8:00 AM on the sales’ clock on the first sale day, or now when that is later', () => {
    expect(defaultDeparture([sale()], THURSDAY_AFTERNOON, CHICAGO)).toBe(
      Date.UTC(2026, 5, 13, 13, 0),
    );
    const saturdayTen = Date.UTC(2026, 5, 13, 15, 0);
    expect(defaultDeparture([sale()], saturdayTen, CHICAGO)).toBe(saturdayTen);
    // Friday 9:00 PM in Madison is already Saturday at UTC: the sale day is still read in Madison.
    const fridayNight = Date.UTC(2026, 5, 13, 2, 0);
    expect(defaultDeparture([sale()], fridayNight, CHICAGO)).toBe(Date.UTC(2026, 5, 13, 13, 0));
  });

  it('reads and writes the departure field on the sales’ clock', () => {
    const eight = Date.UTC(2026, 5, 13, 13, 0);
    expect(toWallClockInput(eight, CHICAGO)).toBe('2026-06-13T08:00');
    expect(fromWallClockInput('2026-06-13T08:00', CHICAGO)).toBe(eight);
    expect(fromWallClockInput('2026-06-13T', CHICAGO)).toBeNull();
    expect(wallClockAt(eight, 'America/Los_Angeles')).toEqual({ day: '2026-06-13', time: '06:00' });
  });

  it('says whether the device’s clock reads the same as the sales’', () => {
    const eight = Date.UTC(2026, 5, 13, 13, 0);
    expect(clocksDiffer(CHICAGO, 'UTC', eight)).toBe(true);
    expect(clocksDiffer(CHICAGO, 'America/Los_Angeles', eight)).toBe(true);
    expect(clocksDiffer(CHICAGO, 'US/Central', eight)).toBe(false);
  });

  it.each(['UTC', CHICAGO, 'America/Los_Angeles'])(
    'plans the same Saturday, on the same clock, on a device in %s',
    (device) => {
      // Node reads TZ again whenever it is set: the "device" moves to another zone.
      vi.stubEnv('TZ', device);
      expect(new Date(Date.UTC(2026, 5, 13, 13, 0)).getHours()).toBe(
        { UTC: 13, [CHICAGO]: 8, 'America/Los_Angeles': 6 }[device],
      );
      const sales = [
        { id: 1, latitude: 43.01, longitude: -89.4, ...sale({ startTime: '08:00' }) },
        { id: 2, latitude: 43.03, longitude: -89.4, ...sale({ startTime: '09:00' }) },
        {
          id: 3,
          latitude: 43.3,
          longitude: -89.4,
          ...sale({ startTime: '07:00', endTime: '08:30' }),
        },
      ];
      const departAt = defaultDeparture(sales, THURSDAY_AFTERNOON, CHICAGO);
      const day = wallClockAt(departAt, CHICAGO).day;
      const plan = planRoute(
        sales.map((one) => ({
          ...one,
          title: `Sale ${String(one.id)}`,
          ...openingWindow(one, day),
        })),
        { start: { latitude: 43.0, longitude: -89.4 }, departAt, speedMph: 25 },
      );
      const clock = (instant: number) => wallClockAt(instant, CHICAGO).time;
      expect(clock(departAt)).toBe('08:00');
      expect(
        plan.stops.map((planned) => ({
          id: planned.stop.id,
          arrive: clock(planned.arriveAt),
          warning: planned.warning,
          wait: Math.round(planned.waitMinutes),
          opens: planned.stop.opensAt === null ? null : clock(planned.stop.opensAt),
          closes: planned.stop.closesAt === null ? null : clock(planned.stop.closesAt),
        })),
      ).toEqual([
        // 0.9 road miles at 25 mph: 2 minutes; open since 8:00.
        { id: 1, arrive: '08:02', warning: null, wait: 0, opens: '08:00', closes: '14:00' },
        // 15 minutes there, 4 minutes on, then 39 minutes until it opens at 9:00.
        { id: 2, arrive: '08:21', warning: 'early', wait: 39, opens: '09:00', closes: '14:00' },
        // 24 road miles north: it has closed at 8:30 by the time the buyer gets there.
        { id: 3, arrive: '10:13', warning: 'late', wait: 0, opens: '07:00', closes: '08:30' },
      ]);
    },
  );
});
