import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';

import { StarRating } from './star-rating';

describe('StarRating', () => {
  test.each([
    [4.5, '4.5 out of 5 stars'],
    [4, '4 out of 5 stars'],
    [3.96, '4 out of 5 stars'],
    [7, '5 out of 5 stars'],
    [-1, '0 out of 5 stars'],
    [Number.NaN, '0 out of 5 stars'],
  ])('%s is one image read as "%s"', (value, name) => {
    render(<StarRating value={value} />);

    expect(screen.getAllByRole('img')).toEqual([screen.getByRole('img', { name })]);
  });
});
