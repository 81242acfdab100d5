import { formatCount, formatDate } from '../../lib/format';

/**
 * The average as the product shows it (docs/product/rules.md#limits-and-timings): always one
 * decimal ("4.0", "4.5").
 */
export function formatAverage(average: number): string {
  return (Math.round(average * 10) / 10).toFixed(1);
}

export function reviewCountLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'review' : 'reviews'}`;
}

/** "Maria G.": the server already shortens the surname to its first letter. */
export function reviewerName(reviewer: { firstName: string; lastName: string }): string {
  const initial = reviewer.lastName.trim();
  return initial ? `${reviewer.firstName} ${initial.charAt(0).toUpperCase()}.` : reviewer.firstName;
}

export function starLabel(stars: number): string {
  return `${stars} ${stars === 1 ? 'star' : 'stars'}`;
}

export function formatReviewDate(date: Date): string {
  return formatDate(date, { zone: 'local', month: 'short', year: true });
}
