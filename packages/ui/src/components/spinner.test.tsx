import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';

import { PageSpinner, Spinner } from './spinner';

describe('Spinner', () => {
  test('is a status read as "Loading" by default', () => {
    render(<Spinner />);

    expect(screen.getByRole('status').textContent).toBe('Loading');
  });

  test('reads its own label', () => {
    render(<PageSpinner label="Loading your messages" />);

    expect(screen.getByRole('status').textContent).toBe('Loading your messages');
  });

  test('hidden from screen readers when its parent already says it is busy', () => {
    render(<Spinner aria-hidden="true" />);

    expect(screen.queryByRole('status')).toBeNull();
  });
});
