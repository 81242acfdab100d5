import { describe, expect, it } from 'vitest';

import { CATEGORIES, LEGACY_CATEGORY_ALIASES, LISTING_TYPES, PRICE_RANGES } from './constants';
import { categorySchema, listingIdSchema, listingSchema } from './listing';
import { UI_TEXT } from './ui-text';
import { issuesOf, messagesAt, parseOk } from './test-helpers';

const M = UI_TEXT.listing;

const singleItem = {
  title: 'Oak bookshelf',
  category: 'Furniture',
  listingType: 'single-item',
  priceRange: '$25-$50',
  address: '12 Elm Street',
} as const;

const garageSale = {
  title: 'Big family sale',
  category: 'Multi-Family',
  listingType: 'garage-sale',
  priceRange: 'Under $25',
  address: '4 Maple Avenue',
  startDate: '2025-07-05',
  startTime: '08:00',
  endTime: '14:00',
  timeZone: 'America/New_York',
} as const;

describe('listingSchema: required fields', () => {
  it('accepts a minimal single item', () => {
    expect(issuesOf(listingSchema, singleItem)).toEqual([]);
  });

  it('accepts a complete garage sale', () => {
    expect(issuesOf(listingSchema, garageSale)).toEqual([]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])("refuses a %s title with 'Title is required'", (_label, title) => {
    expect(messagesAt(listingSchema, { ...singleItem, title }, 'title')).toEqual([M.titleRequired]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '  '],
  ])("refuses a %s category with 'Category is required'", (_label, category) => {
    expect(messagesAt(listingSchema, { ...singleItem, category }, 'category')).toEqual([
      M.categoryRequired,
    ]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['unknown', 'auction'],
  ])("refuses a %s listing type with 'Listing type is required'", (_label, listingType) => {
    expect(messagesAt(listingSchema, { ...singleItem, listingType }, 'listingType')).toEqual([
      M.listingTypeRequired,
    ]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['unknown', '$1000+'],
  ])("refuses a %s price range with 'Price range is required'", (_label, priceRange) => {
    expect(messagesAt(listingSchema, { ...singleItem, priceRange }, 'priceRange')).toEqual([
      M.priceRangeRequired,
    ]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])("refuses a %s address with 'Address is required'", (_label, address) => {
    expect(messagesAt(listingSchema, { ...singleItem, address }, 'address')).toEqual([
      M.addressRequired,
    ]);
  });

  it('uses the product texts for the required fields', () => {
    expect(
      issuesOf(listingSchema, {
        listingType: 'single-item',
        title: '',
        category: '',
        priceRange: '',
        address: '',
      }),
    ).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'category', message: 'Category is required' },
      { path: 'priceRange', message: 'Price range is required' },
      { path: 'address', message: 'Address is required' },
    ]);
    expect(
      messagesAt(listingSchema, { ...singleItem, listingType: undefined }, 'listingType'),
    ).toEqual(['Listing type is required']);
  });

  it('accepts every listing type and price range', () => {
    for (const listingType of LISTING_TYPES) {
      expect(issuesOf(listingSchema, { ...garageSale, listingType })).toEqual([]);
    }
    for (const priceRange of PRICE_RANGES) {
      expect(issuesOf(listingSchema, { ...singleItem, priceRange })).toEqual([]);
    }
  });

  it('trims the title and address', () => {
    const parsed = parseOk(listingSchema, {
      ...singleItem,
      title: '  Lamp  ',
      address: ' 1 Oak St ',
    });
    expect(parsed.title).toBe('Lamp');
    expect(parsed.address).toBe('1 Oak St');
  });
});

describe('listingSchema: garage-sale dates and times', () => {
  it.each([
    ['missing', {}],
    ['empty', { startDate: '', startTime: '', endTime: '' }],
    ['null', { startDate: null, startTime: null, endTime: null }],
  ])('a garage sale with %s date and times gets all three product messages', (_label, when) => {
    const input = {
      ...garageSale,
      startDate: undefined,
      startTime: undefined,
      endTime: undefined,
      ...when,
    };
    expect(issuesOf(listingSchema, input)).toEqual([
      { path: 'startDate', message: M.dateRequired },
      { path: 'startTime', message: M.startTimeRequired },
      { path: 'endTime', message: M.endTimeRequired },
    ]);
  });

  it("refuses a garage sale without a date: 'Date is required for garage sales'", () => {
    expect(issuesOf(listingSchema, { ...garageSale, startDate: '' })).toEqual([
      { path: 'startDate', message: 'Date is required for garage sales' },
    ]);
  });

  it("refuses a garage sale without a start time: 'Start time is required for garage sales'", () => {
    expect(issuesOf(listingSchema, { ...garageSale, startTime: '' })).toEqual([
      { path: 'startTime', message: 'Start time is required for garage sales' },
    ]);
  });

  it("refuses a garage sale without an end time: 'End time is required for garage sales'", () => {
    expect(issuesOf(listingSchema, { ...garageSale, endTime: undefined })).toEqual([
      { path: 'endTime', message: 'End time is required for garage sales' },
    ]);
  });

  it('reports the garage-sale messages together with the other required fields on an empty form', () => {
    const emptyForm = {
      title: '',
      category: '',
      listingType: 'garage-sale',
      priceRange: '',
      address: '',
      startDate: '',
      endDate: '',
      startTime: '',
      endTime: '',
    };
    expect(issuesOf(listingSchema, emptyForm)).toEqual([
      { path: 'title', message: M.titleRequired },
      { path: 'category', message: M.categoryRequired },
      { path: 'priceRange', message: M.priceRangeRequired },
      { path: 'address', message: M.addressRequired },
      { path: 'startDate', message: M.dateRequired },
      { path: 'startTime', message: M.startTimeRequired },
      { path: 'endTime', message: M.endTimeRequired },
    ]);
  });

  it('asks for no garage-sale fields when the listing type itself is missing, and survives a non-object', () => {
    const issues = issuesOf(listingSchema, {
      ...garageSale,
      listingType: undefined,
      startDate: '',
    });
    expect(issues).toEqual([{ path: 'listingType', message: M.listingTypeRequired }]);
    expect(issuesOf(listingSchema, null)).toHaveLength(1);
  });

  it('keeps a garage sale’s dates and times; a blank end date becomes null', () => {
    const parsed = parseOk(listingSchema, { ...garageSale, endDate: '' });
    expect(parsed).toMatchObject({
      startDate: '2025-07-05',
      endDate: null,
      startTime: '08:00',
      endTime: '14:00',
    });
    expect(parseOk(listingSchema, { ...garageSale, endDate: '2025-07-06' }).endDate).toBe(
      '2025-07-06',
    );
  });

  it('needs no date or time for a single item', () => {
    expect(issuesOf(listingSchema, singleItem)).toEqual([]);
    expect(
      issuesOf(listingSchema, { ...singleItem, startDate: '', startTime: '', endTime: '' }),
    ).toEqual([]);
    expect(
      issuesOf(listingSchema, { ...singleItem, startDate: null, startTime: null, endTime: null }),
    ).toEqual([]);
  });

  it('clears a single item’s dates and times to null', () => {
    const parsed = parseOk(listingSchema, {
      ...singleItem,
      startDate: '2025-07-05',
      endDate: '2025-07-06',
      startTime: '08:00',
      endTime: '14:00',
    });
    expect(parsed).toMatchObject({
      startDate: null,
      endDate: null,
      startTime: null,
      endTime: null,
    });
    expect(parseOk(listingSchema, singleItem)).toMatchObject({
      startDate: null,
      endDate: null,
      startTime: null,
      endTime: null,
    });
  });

  it.each(['07/05/2025', '2025-7-5', '2025-13-01', '2025-02-30', '2025-04-31', '2025-02-29'])(
    'refuses the date %j',
    (startDate) => {
      expect(messagesAt(listingSchema, { ...garageSale, startDate }, 'startDate')).not.toEqual([]);
    },
  );

  it('accepts 29 February in a leap year', () => {
    expect(issuesOf(listingSchema, { ...garageSale, startDate: '2024-02-29' })).toEqual([]);
  });

  it.each(['8:00', '24:00', '12:60', '8am', '08:00:00'])('refuses the time %j', (startTime) => {
    expect(messagesAt(listingSchema, { ...garageSale, startTime }, 'startTime')).not.toEqual([]);
  });

  // A two-day sale, so any end time is after the start: only the format is on trial here.
  it.each(['00:00', '09:30', '23:59'])('accepts the time %j', (endTime) => {
    expect(issuesOf(listingSchema, { ...garageSale, endDate: '2025-07-06', endTime })).toEqual([]);
  });
});

describe('listingSchema: optional fields and time zone', () => {
  it('turns a missing or blank description, contact phone and contact e-mail into null', () => {
    expect(parseOk(listingSchema, singleItem)).toMatchObject({
      description: null,
      contactPhone: null,
      contactEmail: null,
    });
    expect(
      parseOk(listingSchema, {
        ...singleItem,
        description: '  ',
        contactPhone: '',
        contactEmail: ' ',
      }),
    ).toMatchObject({ description: null, contactPhone: null, contactEmail: null });
  });

  it('trims and lower-cases the contact e-mail', () => {
    expect(
      parseOk(listingSchema, { ...singleItem, contactEmail: ' Sales@Example.COM ' }).contactEmail,
    ).toBe('sales@example.com');
  });

  it('refuses an invalid contact e-mail', () => {
    expect(
      messagesAt(listingSchema, { ...singleItem, contactEmail: 'sales@' }, 'contactEmail'),
    ).toEqual(['Please enter a valid email']);
  });

  it('defaults the time zone to UTC and keeps a valid IANA zone', () => {
    expect(parseOk(listingSchema, singleItem).timeZone).toBe('UTC');
    expect(parseOk(listingSchema, garageSale).timeZone).toBe('America/New_York');
    expect(parseOk(listingSchema, { ...singleItem, timeZone: 'Asia/Kolkata' }).timeZone).toBe(
      'Asia/Kolkata',
    );
  });

  it('refuses an unknown time zone', () => {
    expect(
      messagesAt(listingSchema, { ...singleItem, timeZone: 'Mars/Olympus_Mons' }, 'timeZone'),
    ).toEqual(['Unknown time zone']);
  });
});

describe('categorySchema', () => {
  it('accepts every canonical category', () => {
    for (const category of CATEGORIES) {
      expect(parseOk(categorySchema, category)).toBe(category);
    }
  });

  it("maps the old 'Books' to 'Books & Media'", () => {
    expect(LEGACY_CATEGORY_ALIASES.Books).toBe('Books & Media');
    expect(parseOk(categorySchema, 'Books')).toBe('Books & Media');
    expect(parseOk(categorySchema, '  Books ')).toBe('Books & Media');
    expect(parseOk(listingSchema, { ...singleItem, category: 'Books' }).category).toBe(
      'Books & Media',
    );
  });

  it.each(['Weapons', 'books & media', 'Garden', 'Book'])(
    'refuses the unknown category %j',
    (category) => {
      expect(issuesOf(categorySchema, category)).toEqual([
        { path: '', message: M.categoryRequired },
      ]);
    },
  );

  it('refuses a non-string category with the required message', () => {
    expect(issuesOf(categorySchema, 7)).toEqual([{ path: '', message: M.categoryRequired }]);
  });

  it('keeps the one canonical category list, in order', () => {
    expect(CATEGORIES).toEqual([
      'Multi-Family',
      'Electronics',
      'Furniture',
      'Clothing',
      'Books & Media',
      'Kids & Family',
      'Toys',
      'Sports',
      'Home & Garden',
      'Automotive',
      'Collectibles',
      'Antiques',
      'Other',
    ]);
  });
});

describe('listingIdSchema', () => {
  it('coerces a numeric id and refuses non-positive or fractional ones', () => {
    expect(parseOk(listingIdSchema, { id: '42' })).toEqual({ id: 42 });
    expect(issuesOf(listingIdSchema, { id: 0 })).not.toEqual([]);
    expect(issuesOf(listingIdSchema, { id: 1.5 })).not.toEqual([]);
    expect(issuesOf(listingIdSchema, { id: 'abc' })).not.toEqual([]);
  });
});
