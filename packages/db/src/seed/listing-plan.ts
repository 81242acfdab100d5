/**
 * Where and when each demo listing is: every garage sale and single item of the content, placed on the
 * map and dated around the moment of seeding, so the demo always shows live sales and fresh items.
 */
import { placeAddress } from '@yardsale/geo/gazetteer';
import { listingEndsAt } from '@yardsale/validators';
import type { Category } from '@yardsale/validators';

import type { NewListing } from '../schema';
import { GARAGE_SALES, placedPin, SINGLE_ITEMS, TIME_ZONE } from './content';
import type { GarageSaleSeed, SaleDay } from './content';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export interface PlannedListing {
  key: string;
  seller: string;
  category: Category;
  photos: readonly string[];
  withContactEmail: boolean;
  values: Omit<NewListing, 'userId' | 'contactPhone' | 'contactEmail'>;
}

/** The seller's pin where they placed one (exact), else the address's ZIP centre, as the API places it. */
function demoPoint(address: string): Pick<NewListing, 'latitude' | 'longitude' | 'locationExact'> {
  const pin = placedPin(address);
  if (pin) return { ...pin, locationExact: true };
  const place = placeAddress(address);
  if (!place) throw new Error(`The demo address ${address} is on no map`);
  return { latitude: place.latitude, longitude: place.longitude, locationExact: false };
}

export function planListings(now: Date): PlannedListing[] {
  const planned: PlannedListing[] = [];
  for (const sale of GARAGE_SALES) {
    const createdAt = new Date(now.getTime() - sale.postedHoursAgo * HOUR_MS);
    planned.push({
      key: sale.key,
      seller: sale.seller,
      category: sale.category,
      photos: sale.photos,
      withContactEmail: sale.withContactEmail,
      values: {
        title: sale.title,
        description: sale.description,
        category: sale.category,
        listingType: 'garage-sale',
        priceRange: sale.priceRange,
        address: sale.address,
        ...demoPoint(sale.address),
        startTime: sale.startTime,
        endTime: sale.endTime,
        timeZone: TIME_ZONE,
        createdAt,
        updatedAt: createdAt,
        ...saleDates(sale, now),
      },
    });
  }
  for (const item of SINGLE_ITEMS) {
    const createdAt = new Date(now.getTime() - item.postedHoursAgo * HOUR_MS);
    planned.push({
      key: item.key,
      seller: item.seller,
      category: item.category,
      photos: item.photos,
      withContactEmail: item.withContactEmail,
      values: {
        title: item.title,
        description: item.description,
        category: item.category,
        listingType: 'single-item',
        priceRange: item.priceRange,
        address: item.address,
        ...demoPoint(item.address),
        timeZone: TIME_ZONE,
        endsAt: listingEndsAt({ listingType: 'single-item', timeZone: TIME_ZONE, createdAt }),
        createdAt,
        updatedAt: createdAt,
      },
    });
  }
  return planned;
}

/** The town's calendar date and weekday (0 = Sunday) at `now`. */
function localToday(now: Date): { date: string; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    weekday: weekdays.indexOf(get('weekday')),
  };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from today to a sale's first day, with the weekend as Live Sales Now defines it. */
function dayOffset(day: SaleDay, weekday: number): number {
  switch (day) {
    case 'today':
      return 0;
    case 'tomorrow':
      return 1;
    case 'saturday':
      return weekday === 0 ? -1 : 6 - weekday;
    case 'sunday':
      return (7 - weekday) % 7;
    case 'two-days-ago':
      return -2;
  }
}

/** Dates for a sale; moved a day later until it has not ended, so a late-evening seed still shows live sales. */
function saleDates(
  sale: GarageSaleSeed,
  now: Date,
): Pick<NewListing, 'startDate' | 'endDate' | 'endsAt'> {
  const today = localToday(now);
  if (sale.day === 'two-days-ago') {
    const startDate = addDays(today.date, dayOffset(sale.day, today.weekday));
    const endsAt = listingEndsAt({
      listingType: 'garage-sale',
      startDate,
      endTime: sale.endTime,
      timeZone: TIME_ZONE,
      createdAt: now,
    });
    return { startDate, endDate: null, endsAt };
  }
  for (let offset = dayOffset(sale.day, today.weekday); ; offset += 1) {
    const startDate = addDays(today.date, offset);
    const endDate = sale.extraDays > 0 ? addDays(startDate, sale.extraDays) : null;
    const endsAt = listingEndsAt({
      listingType: 'garage-sale',
      startDate,
      endDate,
      endTime: sale.endTime,
      timeZone: TIME_ZONE,
      createdAt: now,
    });
    if (endsAt > now) return { startDate, endDate, endsAt };
  }
}
