import { describe, expect, it } from 'vitest';

import { formatAverage, reviewCountLabel, reviewerName, starLabel } from './rating-format';

describe('rating texts', () => {
  it('shows the average to one decimal', () => {
    expect(formatAverage(4)).toBe('4.0');
    expect(formatAverage(4.25)).toBe('4.3');
    expect(formatAverage(4.333)).toBe('4.3');
    expect(formatAverage(5)).toBe('5.0');
  });

  it('counts reviews in words', () => {
    expect(reviewCountLabel(0)).toBe('0 reviews');
    expect(reviewCountLabel(1)).toBe('1 review');
    expect(reviewCountLabel(1200)).toBe('1,200 reviews');
  });

  it('names a reviewer by first name and initial', () => {
    expect(reviewerName({ firstName: 'Maria', lastName: 'G' })).toBe('Maria G.');
    expect(reviewerName({ firstName: 'Maria', lastName: 'g' })).toBe('Maria G.');
    expect(reviewerName({ firstName: 'Maria', lastName: '' })).toBe('Maria');
  });

  it('labels the star choices', () => {
    expect(starLabel(1)).toBe('1 star');
    expect(starLabel(5)).toBe('5 stars');
  });
});
