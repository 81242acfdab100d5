import { describe, expect, it } from 'vitest';

import { registerSchema, signInSchema, updateProfileSchema } from './auth';
import { conversationMessagesInputSchema, sendMessageInputSchema } from './conversation';
import {
  MAX_ID,
  decodeListingCursor,
  decodeReportCursor,
  encodeListingCursor,
  encodeReportCursor,
  idSchema,
  isCalendarDate,
  parseIdParam,
} from './input';
import { listingIdSchema, listingSchema, listingSearchSchema, salesBetweenSchema } from './listing';
import { UI_TEXT } from './ui-text';
import { issuesOf, messagesAt, parseOk } from './test-helpers';
import { announcementSchema, reportSchema, reviewSchema, updateReportSchema } from './trust';
import { adminReportsInputSchema } from './trust-output';

const R = UI_TEXT.request;

describe('ids', () => {
  it.each([1, 42, MAX_ID, '7'])('accepts %j', (id) => {
    expect(issuesOf(idSchema, id)).toEqual([]);
  });

  it.each([
    0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53 - 1,
    Number.MAX_SAFE_INTEGER + 2,
    'abc',
    '',
    null,
    Infinity,
  ])('refuses %j with one message', (id) => {
    expect(messagesAt(listingIdSchema, { id }, 'id')).toEqual([R.invalidId]);
  });

  it('bounds every id input, the message cursor included', () => {
    expect(
      messagesAt(conversationMessagesInputSchema, { conversationId: 1, before: 2 ** 31 }, 'before'),
    ).toEqual([R.invalidId]);
    expect(messagesAt(reviewSchema, { revieweeId: 2 ** 40, rating: 5 }, 'revieweeId')).toEqual([
      R.invalidId,
    ]);
    expect(messagesAt(updateReportSchema, { id: 2 ** 31, status: 'reviewed' }, 'id')).toEqual([
      R.invalidId,
    ]);
  });

  it.each([
    ['12', 12],
    ['2147483647', MAX_ID],
    ['2147483648', null],
    ['0', null],
    ['abc', null],
    ['1e3', null],
    [' 5', null],
    ['-5', null],
    ['5.0', null],
    [undefined, null],
  ])('reads the path segment %j as %j', (segment, id) => {
    expect(parseIdParam(segment)).toBe(id);
  });
});

describe('text without NUL characters', () => {
  const nul = 'a\u0000b';
  const listing = {
    title: 'Oak table',
    category: 'Furniture',
    listingType: 'single-item',
    priceRange: 'Free',
    address: '1 Elm Street',
  };

  it.each([
    ['listing title', listingSchema, { ...listing, title: nul }, 'title'],
    ['listing description', listingSchema, { ...listing, description: nul }, 'description'],
    ['listing address', listingSchema, { ...listing, address: nul }, 'address'],
    ['listing phone', listingSchema, { ...listing, contactPhone: nul }, 'contactPhone'],
    [
      'listing time zone',
      listingSchema,
      { ...listing, timeZone: 'Europe/\u0000London' },
      'timeZone',
    ],
    ['search', listingSearchSchema, { search: nul }, 'search'],
    ['message', sendMessageInputSchema, { conversationId: 1, content: nul }, 'content'],
    ['review comment', reviewSchema, { revieweeId: 1, rating: 4, comment: nul }, 'comment'],
    [
      'report',
      reportSchema,
      { reportedUserId: 1, category: 'other', description: `long enough ${nul}` },
      'description',
    ],
    ['announcement', announcementSchema, { message: nul }, 'message'],
    [
      'admin notes',
      updateReportSchema,
      { id: 1, status: 'reviewed', adminNotes: nul },
      'adminNotes',
    ],
    ['sign-in password', signInSchema, { email: 'a@b.co', password: `secret${nul}` }, 'password'],
    [
      'register first name',
      registerSchema,
      { email: 'a@b.co', password: 'secret1', firstName: nul, lastName: 'L', termsAccepted: true },
      'firstName',
    ],
    [
      'profile last name',
      updateProfileSchema,
      { firstName: 'F', lastName: nul, email: 'a@b.co' },
      'lastName',
    ],
  ] as const)('refuses NUL in the %s', (_name, schema, input, field) => {
    expect(messagesAt(schema, input, field)).toContain(R.nulInText);
  });

  it('keeps other text as it was', () => {
    expect(
      parseOk(sendMessageInputSchema, { conversationId: 1, content: ' héllo\ttab ' }).content,
    ).toBe('héllo\ttab');
  });
});

describe('calendar dates', () => {
  it.each(['2000-01-01', '2024-02-29', '2025-07-03', '2100-12-31'])('accepts %s', (date) => {
    expect(isCalendarDate(date)).toBe(true);
  });

  it.each([
    '2025-02-30',
    '2025-13-45',
    '0000-01-01',
    '1999-12-31',
    '2101-01-01',
    '2023-02-29',
    '2025-7-3',
    '+275760-09-13',
  ])('refuses %s', (date) => {
    expect(isCalendarDate(date)).toBe(false);
  });

  it('checks both ends of a date range', () => {
    expect(
      messagesAt(salesBetweenSchema, { from: '2025-02-30', to: '2025-03-01' }, 'from'),
    ).toEqual([R.dateInvalid]);
    expect(messagesAt(salesBetweenSchema, { from: '2025-01-01', to: '2025-13-45' }, 'to')).toEqual([
      R.dateInvalid,
    ]);
  });

  it('refuses a garage sale in the year 0', () => {
    const sale = {
      title: 'Yard sale',
      category: 'Other',
      listingType: 'garage-sale',
      priceRange: 'Free',
      address: '1 Elm Street',
      startDate: '0000-01-01',
      startTime: '09:00',
      endTime: '12:00',
    };
    expect(messagesAt(listingSchema, sale, 'startDate')).toContain(R.dateInvalid);
  });
});

describe('listing page cursors', () => {
  const made = encodeListingCursor({
    createdAt: new Date('2025-07-03T10:00:00.000Z'),
    id: 12,
    fuzzy: true,
  });

  it('reads back a cursor the server made', () => {
    expect(decodeListingCursor(made)).toEqual({
      createdAt: new Date('2025-07-03T10:00:00.000Z'),
      id: 12,
      fuzzy: true,
    });
    expect(issuesOf(listingSearchSchema, { cursor: made })).toEqual([]);
  });

  const b64 = (s: string) => Buffer.from(s).toString('base64url');
  it.each([
    ['an instant past the year 2100', b64('+275760-09-13T00:00:00.000Z|1|e')],
    ['an instant before 2000', b64('1970-01-01T00:00:00.000Z|1|e')],
    ['an impossible day', b64('2025-02-30T00:00:00.000Z|1|e')],
    ['an id past 2^31', b64('2025-07-03T10:00:00.000Z|2147483648|e')],
    ['an unknown mode', b64('2025-07-03T10:00:00.000Z|1|x')],
    ['a NUL', b64('2025-07-03T10:00:00.000Z|1\u0000|e')],
    ['padding', `${made}==`],
    ['not base64', 'a%00b'],
    ['nothing', ''],
  ])('refuses %s', (_name, cursor) => {
    expect(decodeListingCursor(cursor)).toBeNull();
    expect(messagesAt(listingSearchSchema, { cursor }, 'cursor')).toEqual([R.invalidCursor]);
  });
});

describe('report page cursors', () => {
  const made = encodeReportCursor({ createdAt: new Date('2026-03-02T09:00:00.000Z'), id: 75 });

  it('reads back a cursor the server made, and pages 25 of every status by default', () => {
    expect(decodeReportCursor(made)).toEqual({
      createdAt: new Date('2026-03-02T09:00:00.000Z'),
      id: 75,
    });
    expect(adminReportsInputSchema.parse(undefined)).toEqual({ status: 'all', limit: 25 });
    expect(issuesOf(adminReportsInputSchema, { cursor: made, limit: '100' })).toEqual([]);
  });

  const b64 = (s: string) => Buffer.from(s).toString('base64url');
  it.each([
    [
      "a listing page's cursor",
      encodeListingCursor({ createdAt: new Date(), id: 1, fuzzy: false }),
    ],
    ['an instant before 2000', b64('1970-01-01T00:00:00.000Z|1')],
    ['an id past 2^31', b64('2026-03-02T09:00:00.000Z|2147483648')],
    ['a negative id', b64('2026-03-02T09:00:00.000Z|-1')],
    ['padding', `${made}==`],
    ['nothing', ''],
  ])('refuses %s', (_name, cursor) => {
    expect(decodeReportCursor(cursor)).toBeNull();
    expect(messagesAt(adminReportsInputSchema, { cursor }, 'cursor')).toEqual([R.invalidCursor]);
  });
});
