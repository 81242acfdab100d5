import { describe, expect, it } from 'vitest';

import {
  MESSAGE_MAX_LENGTH,
  REPORT_CATEGORIES,
  REPORT_DESCRIPTION_MAX_LENGTH,
  REPORT_STATUSES,
  REPORT_TRANSITIONS,
  REVIEW_COMMENT_MAX_LENGTH,
} from './constants';
import { UI_TEXT } from './ui-text';
import { issuesOf, messagesAt, parseOk } from './test-helpers';
import {
  announcementSchema,
  messageContentSchema,
  reportSchema,
  reviewSchema,
  sendMessageSchema,
  updateReportSchema,
} from './trust';

describe('reviewSchema', () => {
  const valid = { revieweeId: 7, rating: 4 };

  it.each([1, 2, 3, 4, 5])('accepts rating %i', (rating) => {
    expect(issuesOf(reviewSchema, { ...valid, rating })).toEqual([]);
  });

  it.each([0, -1])("refuses rating %i with 'Rating must be at least 1'", (rating) => {
    expect(messagesAt(reviewSchema, { ...valid, rating }, 'rating')).toEqual([
      UI_TEXT.review.ratingMin,
    ]);
    expect(messagesAt(reviewSchema, { ...valid, rating }, 'rating')).toEqual([
      'Rating must be at least 1',
    ]);
  });

  it.each([6, 10])("refuses rating %i with 'Rating must be at most 5'", (rating) => {
    expect(messagesAt(reviewSchema, { ...valid, rating }, 'rating')).toEqual([
      UI_TEXT.review.ratingMax,
    ]);
    expect(messagesAt(reviewSchema, { ...valid, rating }, 'rating')).toEqual([
      'Rating must be at most 5',
    ]);
  });

  it('refuses a fractional or missing rating', () => {
    expect(messagesAt(reviewSchema, { ...valid, rating: 3.5 }, 'rating')).not.toEqual([]);
    expect(messagesAt(reviewSchema, { revieweeId: 7 }, 'rating')).not.toEqual([]);
  });

  it('keeps the comment optional: missing or blank becomes null', () => {
    expect(parseOk(reviewSchema, valid).comment).toBeNull();
    expect(parseOk(reviewSchema, { ...valid, comment: '   ' }).comment).toBeNull();
    expect(parseOk(reviewSchema, { ...valid, comment: null }).comment).toBeNull();
  });

  it('trims the comment', () => {
    expect(parseOk(reviewSchema, { ...valid, comment: '  Great seller!  ' }).comment).toBe(
      'Great seller!',
    );
  });

  it('accepts a 500-character comment and refuses 501', () => {
    expect(REVIEW_COMMENT_MAX_LENGTH).toBe(500);
    expect(issuesOf(reviewSchema, { ...valid, comment: 'a'.repeat(500) })).toEqual([]);
    expect(issuesOf(reviewSchema, { ...valid, comment: `  ${'a'.repeat(500)}  ` })).toEqual([]);
    expect(messagesAt(reviewSchema, { ...valid, comment: 'a'.repeat(501) }, 'comment')).toEqual([
      UI_TEXT.review.commentTooLong,
    ]);
  });

  it('coerces ids and keeps listingId optional', () => {
    expect(parseOk(reviewSchema, { ...valid, revieweeId: '7', listingId: '3' })).toMatchObject({
      revieweeId: 7,
      listingId: 3,
    });
    expect(issuesOf(reviewSchema, { ...valid, listingId: null })).toEqual([]);
    expect(issuesOf(reviewSchema, { ...valid, revieweeId: 0 })).not.toEqual([]);
  });
});

describe('messageContentSchema / sendMessageSchema', () => {
  it.each(['', ' ', '   \n\t '])("refuses %j with 'Message cannot be empty'", (content) => {
    expect(issuesOf(messageContentSchema, content)).toEqual([
      { path: '', message: UI_TEXT.message.empty },
    ]);
    expect(messagesAt(sendMessageSchema, { conversationId: 1, content }, 'content')).toEqual([
      'Message cannot be empty',
    ]);
  });

  it('trims the content', () => {
    expect(parseOk(messageContentSchema, '  Is it still available?  ')).toBe(
      'Is it still available?',
    );
    expect(parseOk(sendMessageSchema, { conversationId: '5', content: ' hi ' })).toEqual({
      conversationId: 5,
      content: 'hi',
    });
  });

  it('accepts one character and 2000 characters, refuses 2001', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(2000);
    expect(issuesOf(messageContentSchema, 'k')).toEqual([]);
    expect(issuesOf(messageContentSchema, 'x'.repeat(2000))).toEqual([]);
    expect(issuesOf(messageContentSchema, ` ${'x'.repeat(2000)} `)).toEqual([]);
    expect(issuesOf(messageContentSchema, 'x'.repeat(2001))).toEqual([
      { path: '', message: UI_TEXT.message.tooLong },
    ]);
  });

  it('needs a conversation', () => {
    expect(messagesAt(sendMessageSchema, { content: 'hi' }, 'conversationId')).not.toEqual([]);
  });
});

describe('reportSchema', () => {
  const valid = {
    reportedUserId: 9,
    category: 'scammer',
    description: 'Took my money and vanished.',
  };

  it.each(REPORT_CATEGORIES)('accepts the category %s', (category) => {
    expect(issuesOf(reportSchema, { ...valid, category })).toEqual([]);
  });

  it('has exactly the product’s five categories', () => {
    expect(REPORT_CATEGORIES).toEqual([
      'scammer',
      'inappropriate_content',
      'fake_listing',
      'harassment',
      'other',
    ]);
  });

  it.each(['spam', 'Scammer', '', undefined])('refuses the category %j', (category) => {
    expect(messagesAt(reportSchema, { ...valid, category }, 'category')).toEqual([
      UI_TEXT.report.invalidCategory,
    ]);
  });

  it('refuses 9 trimmed characters with the detailed-description message', () => {
    const nine = '  123456789   ';
    expect(messagesAt(reportSchema, { ...valid, description: nine }, 'description')).toEqual([
      UI_TEXT.report.descriptionLength,
    ]);
    expect(messagesAt(reportSchema, { ...valid, description: nine }, 'description')).toEqual([
      'Please provide a detailed description (at least 10 characters)',
    ]);
    expect(messagesAt(reportSchema, { ...valid, description: '' }, 'description')).toEqual([
      UI_TEXT.report.descriptionLength,
    ]);
  });

  it('accepts 10 and 1000 characters, refuses 1001', () => {
    expect(REPORT_DESCRIPTION_MAX_LENGTH).toBe(1000);
    expect(parseOk(reportSchema, { ...valid, description: ' 1234567890 ' }).description).toBe(
      '1234567890',
    );
    expect(issuesOf(reportSchema, { ...valid, description: 'd'.repeat(1000) })).toEqual([]);
    expect(
      messagesAt(reportSchema, { ...valid, description: 'd'.repeat(1001) }, 'description'),
    ).toEqual([UI_TEXT.report.descriptionTooLong]);
  });

  it('needs a numeric reportedUserId; listingId is an optional number', () => {
    expect(
      messagesAt(reportSchema, { ...valid, reportedUserId: 'abc' }, 'reportedUserId'),
    ).not.toEqual([]);
    expect(issuesOf(reportSchema, { ...valid, listingId: null })).toEqual([]);
    expect(parseOk(reportSchema, { ...valid, listingId: '12' }).listingId).toBe(12);
    expect(messagesAt(reportSchema, { ...valid, listingId: 'x' }, 'listingId')).not.toEqual([]);
  });
});

describe('updateReportSchema', () => {
  it('accepts every report status and blanks empty admin notes', () => {
    for (const status of REPORT_STATUSES) {
      expect(parseOk(updateReportSchema, { id: 1, status, adminNotes: '  ' })).toEqual({
        id: 1,
        status,
        adminNotes: null,
      });
    }
  });

  it('refuses an unknown status', () => {
    expect(messagesAt(updateReportSchema, { id: 1, status: 'closed' }, 'status')).not.toEqual([]);
  });
});

describe('REPORT_TRANSITIONS', () => {
  const allowed = new Set(['pending->reviewed', 'pending->dismissed', 'reviewed->resolved']);

  it('allows only pending -> reviewed | dismissed and reviewed -> resolved', () => {
    for (const from of REPORT_STATUSES) {
      for (const to of REPORT_STATUSES) {
        expect(REPORT_TRANSITIONS[from].includes(to), `${from} -> ${to}`).toBe(
          allowed.has(`${from}->${to}`),
        );
      }
    }
  });

  it('lists the moves exactly', () => {
    expect(REPORT_TRANSITIONS).toEqual({
      pending: ['reviewed', 'dismissed'],
      reviewed: ['resolved'],
      resolved: [],
      dismissed: [],
    });
  });
});

describe('announcementSchema', () => {
  it.each(['', '   ', '\n\t'])('refuses the blank announcement %j', (message) => {
    expect(messagesAt(announcementSchema, { message }, 'message')).toEqual([
      UI_TEXT.announcement.empty,
    ]);
  });

  it('trims the announcement and caps it at 2000 characters', () => {
    expect(parseOk(announcementSchema, { message: '  Market day Saturday!  ' })).toEqual({
      message: 'Market day Saturday!',
    });
    expect(issuesOf(announcementSchema, { message: 'a'.repeat(2000) })).toEqual([]);
    expect(messagesAt(announcementSchema, { message: 'a'.repeat(2001) }, 'message')).not.toEqual(
      [],
    );
  });
});
