/*
 * Believable listings for the benchmarks: titles and descriptions composed from the per-category
 * vocabularies (listing-words.ts), sellers, addresses and sale dates, the same for a given seed.
 */
import { CATEGORIES, PRICE_RANGES, listingEndsAt } from '@yardsale/validators';
import type { Category, ListingInput, ListingType, PriceRange } from '@yardsale/validators';

import { WORDS } from './listing-words';
import type { Random } from './random';

const TITLE_SUFFIXES = [
  '',
  '',
  '',
  ', barely used',
  ', like new',
  ' - must go',
  ', great condition',
  ' (pickup only)',
  ', pet-free home',
  ' - price drop',
];
const OPENERS: readonly ((item: string) => string)[] = [
  (item) => `Selling our ${item}.`,
  (item) => `${capitalize(item)} for sale.`,
  (item) => `Up for grabs: ${item}.`,
  (item) => `Clearing out the basement, so the ${item} has to go.`,
  (item) => `${capitalize(item)}, as pictured.`,
];
const CONDITION = [
  'Excellent condition.',
  'Good condition with normal wear.',
  'Like new.',
  'Well loved but works great.',
];
const PICKUP = [
  'Cash or Venmo, pickup only.',
  'Porch pickup after 5 pm on weekdays.',
  'Can hold for a day with a deposit.',
  'Message me with questions.',
  'First come, first served.',
];
const SALE_KINDS = [
  'Multi-family garage sale',
  'Moving sale',
  'Estate sale',
  'Yard sale',
  'Block sale',
  'Downsizing sale',
  'Church rummage sale',
];
const SALE_DETAILS = [
  'Early birds pay double.',
  'Rain or shine, in the garage.',
  'Everything priced, bring small bills.',
  'Half price after noon on the last day.',
  'Street parking only, please do not block driveways.',
];
const STREETS = [
  'Maple',
  'Oak',
  'Cedar',
  'Elm',
  'Birch',
  'Willow',
  'Sycamore',
  'Juniper',
  'Walnut',
  'Chestnut',
  'Hickory',
  'Aspen',
  'Lakeview',
  'Hillcrest',
  'Prairie',
  'Orchard',
];
const STREET_KINDS = ['Street', 'Avenue', 'Lane', 'Drive', 'Court', 'Place', 'Circle', 'Road'];
const TOWNS = ['Cedar Hollow, WI', 'Mill Creek, WI', 'Pine Ridge, WI', 'Riverside, WI'];
const TIME_ZONE = 'America/Chicago';
const FIRST_NAMES = [
  'Maria',
  'James',
  'Priya',
  'David',
  'Linda',
  'Marcus',
  'Aisha',
  'Tom',
  'Hannah',
  'Ethan',
  'Sofia',
  'Noah',
  'Grace',
  'Omar',
  'Chloe',
  'Lucas',
  'Mei',
  'Ben',
  'Rosa',
  'Liam',
];
const LAST_NAMES = [
  'Gonzalez',
  "O'Connor",
  'Raman',
  'Kim',
  'Johansson',
  'Washington',
  'Bello',
  'Becker',
  'Schultz',
  'Nguyen',
  'Larsen',
  'Patel',
  'Novak',
  'Reyes',
  'Fischer',
  'Murphy',
];

interface SellerRow {
  email: string;
  first_name: string;
  last_name: string;
}

export function sellerRows(count: number, random: Random): SellerRow[] {
  return Array.from({ length: count }, (_, i) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const part = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
    return {
      email: `${part(first)}.${part(last)}.${i}@neighbours.example`,
      first_name: first,
      last_name: last,
    };
  });
}

/** Column names as in the table, so a batch goes straight into `jsonb_to_recordset`. */
export interface ListingRow {
  user_id: number;
  title: string;
  description: string;
  category: Category;
  listing_type: ListingType;
  price_range: PriceRange;
  address: string;
  start_date: string | null;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  time_zone: string;
  ends_at: string;
  created_at: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Share of listings that are garage sales; the rest are single items. */
const GARAGE_SALE_SHARE = 0.25;
/** Garage-sale categories lean to Multi-Family, as real ones do. */
const MULTI_FAMILY_SHARE_OF_SALES = 0.5;
/** Listings are created over this many past days. */
const CREATED_OVER_DAYS = 14;

function capitalize(s: string) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function distinctPicks<T>(list: readonly T[], count: number, random: Random): T[] {
  const picked = new Set<T>();
  while (picked.size < Math.min(count, list.length)) picked.add(random.pick(list));
  return [...picked];
}

function isoDate(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

export function createListingGenerator(options: {
  now: Date;
  sellerIds: readonly number[];
  random: Random;
}) {
  const { now, sellerIds, random } = options;
  // Sale end instants repeat (a few dozen dates times a few end times): computing each once keeps seeding fast.
  const endsAtCache = new Map<string, string>();

  const singleItem = (category: Category) => {
    const words = WORDS[category];
    const [item, modifiers, itemDetail] = random.pick(words.items);
    const modifier = random.next() < 0.75 ? `${random.pick(modifiers)} ` : '';
    const title = capitalize(`${modifier}${item}${random.pick(TITLE_SUFFIXES)}`);
    const description = [
      random.pick(OPENERS)(item),
      random.pick(CONDITION),
      ...(itemDetail && random.next() < 0.7 ? [itemDetail] : []),
      random.pick(words.details),
      random.pick(PICKUP),
    ].join(' ');
    return { title, description };
  };

  const garageSale = (category: Category) => {
    const goods = distinctPicks(
      [...WORDS[category].saleGoods, ...WORDS['Multi-Family'].saleGoods],
      3,
      random,
    );
    const title = `${random.pick(SALE_KINDS)}: ${goods.join(', ')}`;
    const description = [
      `${capitalize(goods.join(', '))} and much more.`,
      ...distinctPicks(SALE_DETAILS, random.int(1, 2), random),
    ].join(' ');
    return { title, description };
  };

  return function nextListing(): ListingRow {
    const listingType: ListingType =
      random.next() < GARAGE_SALE_SHARE ? 'garage-sale' : 'single-item';
    const category: Category =
      listingType === 'garage-sale' && random.next() < MULTI_FAMILY_SHARE_OF_SALES
        ? 'Multi-Family'
        : random.pick(CATEGORIES);
    const createdAt = new Date(now.getTime() - random.next() * CREATED_OVER_DAYS * DAY_MS);
    const base = {
      user_id: random.pick(sellerIds),
      category,
      listing_type: listingType,
      price_range: random.pick(PRICE_RANGES),
      address: `${random.int(1, 9999)} ${random.pick(STREETS)} ${random.pick(STREET_KINDS)}, ${random.pick(TOWNS)}`,
      time_zone: TIME_ZONE,
      created_at: createdAt.toISOString(),
    };
    if (listingType === 'single-item') {
      const endsAt = listingEndsAt({ listingType, timeZone: TIME_ZONE, createdAt });
      return {
        ...base,
        ...singleItem(category),
        start_date: null,
        end_date: null,
        start_time: null,
        end_time: null,
        ends_at: endsAt.toISOString(),
      };
    }
    // Sales are posted up to two weeks ahead and last one to three days, so about a third are over by now.
    const startDate = isoDate(createdAt.getTime() + random.int(0, 13) * DAY_MS);
    const endDate =
      random.next() < 0.5 ? null : isoDate(Date.parse(startDate) + random.int(1, 2) * DAY_MS);
    const startTime = random.pick(['07:00', '08:00', '09:00']);
    const endTime = random.pick(['14:00', '16:00', null]);
    const key = `${endDate ?? startDate} ${endTime ?? ''}`;
    let endsAt = endsAtCache.get(key);
    if (!endsAt) {
      endsAt = listingEndsAt({
        listingType,
        startDate,
        endDate,
        endTime,
        timeZone: TIME_ZONE,
        createdAt,
      }).toISOString();
      endsAtCache.set(key, endsAt);
    }
    return {
      ...base,
      ...garageSale(category),
      start_date: startDate,
      end_date: endDate,
      start_time: startTime,
      end_time: endTime,
      ends_at: endsAt,
    };
  };
}

/**
 * What a seller would send to create a listing like `row` now: a garage sale runs tomorrow (in the
 * listings' time zone), 8:00 to 14:00.
 */
export function newListingInput(row: ListingRow, now: Date): ListingInput {
  const input: ListingInput = {
    title: row.title,
    description: row.description,
    category: row.category,
    listingType: row.listing_type,
    priceRange: row.price_range,
    address: row.address,
    timeZone: row.time_zone,
  };
  if (row.listing_type !== 'garage-sale') return input;
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: row.time_zone }).format(
    new Date(now.getTime() + 24 * 60 * 60 * 1000),
  );
  return { ...input, startDate: tomorrow, startTime: '08:00', endTime: '14:00' };
}
