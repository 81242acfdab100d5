/**
 * Generated inputs for the fuzz test: values shaped like what each schema expects (so calls reach
 * the deps and the database), mixed with the values that broke the server before: NUL and
 * other control characters, ids past 2^31, impossible dates, crafted cursors, odd JSON.
 */
import fc from 'fast-check';
import { z } from 'zod';

import {
  CATEGORIES,
  MAX_ID,
  PRICE_RANGES,
  encodeListingCursor,
  encodeReportCursor,
} from '@yardsale/validators';

const b64 = (s: string) => Buffer.from(s).toString('base64url');

/** Cursors that decode to something a query would choke on. */
const craftedCursors = [
  b64('+275760-09-13T00:00:00.000Z|1|e'),
  b64('2025-07-03T10:00:00.000Z|2147483648|f'),
  b64('0000-01-01T00:00:00.000Z|1|e'),
  b64('2025-02-30T00:00:00.000Z|1|e'),
  b64('2025-07-03T10:00:00.000Z|1|e\u0000'),
  b64("2025-07-03T10:00:00.000Z|1'; select pg_sleep(5); --|e"),
  b64('|||'),
  encodeListingCursor({ createdAt: new Date('2025-07-03T10:00:00.000Z'), id: 3, fuzzy: false }),
  encodeListingCursor({ createdAt: new Date('2099-12-31T23:59:59.999Z'), id: MAX_ID, fuzzy: true }),
  // Report pages' cursors: the same instant and id without the search mode.
  b64('+275760-09-13T00:00:00.000Z|1'),
  b64('2025-07-03T10:00:00.000Z|2147483648'),
  b64('2025-07-03T10:00:00.000Z|-1'),
  encodeReportCursor({ createdAt: new Date('2025-07-03T10:00:00.000Z'), id: 1 }),
  encodeReportCursor({ createdAt: new Date('2099-12-31T23:59:59.999Z'), id: MAX_ID }),
];

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\r\n\t',
  '\ud800',
  '😀🏠',
  '\u202eevil',
  '%00',
  '%',
  '_',
  '\\',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '1e3',
  '2147483647',
  '2147483648',
  '9007199254740991',
  '-9007199254740991',
  '2025-02-30',
  '2025-13-45',
  '0000-01-01',
  '+275760-09-13',
  '2025-07-03T25:61:00Z',
  '24:00',
  '99:99',
  'Not/AZone',
  'x'.repeat(5000),
  'word '.repeat(60),
  'a b c d e f g h i j k l m n o p q r s t u v w x y z aaa bbb ccc ddd eee fff ggg hhh iii jjj kkk',
  ...craftedCursors,
];

const nastyNumbers = [
  0,
  -1,
  1,
  2,
  3,
  1.5,
  -0.5,
  MAX_ID,
  MAX_ID + 1,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 31),
  1e308,
  5e-324,
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`) },
);

const nastyNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...nastyNumbers) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: MAX_ID, max: Number.MAX_SAFE_INTEGER }) },
);

/** Any JSON-ish value, deep and odd ones included. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  // Deep nesting: a parser must not recurse itself to death.
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 50, max: 400 })
      .map((depth) => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`) as unknown),
  },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }) },
);

/** A value that fits fields of this name, so valid calls happen too. */
function hintFor(key: string | undefined): fc.Arbitrary<unknown> | null {
  switch (key) {
    case 'email':
    case 'contactEmail':
      return fc.constantFrom('fuzz-person@example.com', 'FUZZ@Example.com ', 'not-an-email');
    case 'password':
    case 'currentPassword':
    case 'newPassword':
    case 'confirmPassword':
      return fc.constantFrom('fuzz-pass-1', 'short');
    case 'category':
      return fc.constantFrom(...CATEGORIES, 'Books', '');
    case 'priceRange':
      return fc.constantFrom(...PRICE_RANGES);
    case 'startDate':
    case 'endDate':
    case 'from':
    case 'to':
      return fc.constantFrom(
        '2031-05-03',
        '2031-05-04',
        '2030-01-01',
        '2025-07-03',
        '2100-12-31',
        '2000-01-01',
      );
    case 'startTime':
    case 'endTime':
      return fc.constantFrom('09:30', '18:00', '00:00', '23:59');
    case 'timeZone':
      return fc.constantFrom('UTC', 'Europe/London', 'America/New_York', 'Pacific/Kiritimati');
    case 'cursor':
      return fc.constantFrom(...craftedCursors);
    case 'search':
      return fc.constantFrom(
        'lamp',
        'oak tabel',
        'furn',
        'a',
        'table chair lamp sofa bike desk rug clock vase',
      );
    case 'status':
      return fc.constantFrom('all', 'pending', 'reviewed', 'resolved', 'dismissed');
    // A browser's push subscription: its push service's address and its keys (base64url).
    case 'endpoint':
      return fc.constantFrom(
        'https://push.example/send/abc123',
        'https://93.184.216.34/push',
        'http://push.example/send/plain',
        'https://user:pass@push.example/x',
        'https://[::1]/push',
        'not a url',
      );
    case 'p256dh':
    case 'auth':
      return fc.constantFrom(
        'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQ',
        'c2VjcmV0',
        'not+base64/',
      );
    default:
      return null;
  }
}

/** A small id that likely exists, or a nasty one. */
const idValue = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 6 }) },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom('1', '2', '2147483648', 'abc', '') },
);

const isIdKey = (key: string | undefined) =>
  !!key && (key === 'id' || key.endsWith('Id') || key === 'before');

/**
 * Values for a zod schema: mostly of its shape (every field, some missing, some extra), with
 * nasty values mixed in at every level. Unknown schema kinds get any value.
 */
export function valueFor(schema: z.ZodType, key?: string, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedFor(schema, key, depth);
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: anyValue });
}

function shapedFor(
  schema: z.ZodType,
  key: string | undefined,
  depth: number,
): fc.Arbitrary<unknown> {
  if (depth > 6) return anyValue;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return fc.oneof(
      { weight: 4, arbitrary: shapedFor(schema.unwrap() as z.ZodType, key, depth + 1) },
      { weight: 1, arbitrary: fc.constantFrom(undefined, null) },
    );
  }
  if (schema instanceof z.ZodDefault) {
    return fc.oneof(
      { weight: 4, arbitrary: shapedFor(schema.unwrap() as z.ZodType, key, depth + 1) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  }
  if (schema instanceof z.ZodPipe) return shapedFor(schema.in as z.ZodType, key, depth + 1);
  if (schema instanceof z.ZodUnion) {
    return fc.oneof(
      ...(schema.options as z.ZodType[]).map((option) => shapedFor(option, key, depth + 1)),
    );
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const fields: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [name, field] of Object.entries(shape))
      fields[name] = valueFor(field, name, depth + 1);
    return fc.oneof(
      { weight: 5, arbitrary: fc.record(fields) },
      { weight: 2, arbitrary: fc.record(fields, { requiredKeys: [] }) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.record(fields),
            fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 3 }),
          )
          .map(([known, extra]) => ({ ...extra, ...known })),
      },
    );
  }
  if (schema instanceof z.ZodEnum) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(schema.options as (string | number)[])) },
      { weight: 1, arbitrary: nastyString },
    );
  }
  if (schema instanceof z.ZodLiteral) {
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...[...schema.values]) },
      { weight: 1, arbitrary: anyValue },
    );
  }
  if (schema instanceof z.ZodArray)
    return fc.array(shapedFor(schema.element as z.ZodType, key, depth + 1), { maxLength: 4 });
  if (schema instanceof z.ZodBoolean) return fc.oneof(fc.boolean(), anyValue);
  if (isIdKey(key)) return idValue;
  if (schema instanceof z.ZodNumber)
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 1, max: 60 }) },
      { weight: 2, arbitrary: nastyNumber },
    );
  if (schema instanceof z.ZodString) {
    const hint = hintFor(key);
    return hint
      ? fc.oneof({ weight: 4, arbitrary: hint }, { weight: 2, arbitrary: nastyString })
      : fc.oneof(
          { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 60 }) },
          { weight: 2, arbitrary: nastyString },
        );
  }
  const hint = hintFor(key);
  return hint ? fc.oneof(hint, anyValue) : anyValue;
}

/** Path ids as a client could write them. */
export const pathId = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 6 }).map(String) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '1e3',
      'abc',
      '2147483648',
      '9007199254740991',
      '%00',
      '%20',
      'x'.repeat(300),
      '00001',
      '+1',
      'NaN',
    ),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent) },
);
