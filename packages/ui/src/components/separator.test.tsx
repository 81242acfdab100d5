import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';

import { Separator } from './separator';

describe('Separator', () => {
  test('is left out of the accessibility tree by default', () => {
    render(<Separator />);

    expect(screen.queryByRole('separator')).toBeNull();
  });

  test('a semantic vertical separator says so', () => {
    render(<Separator decorative={false} orientation="vertical" />);

    expect(screen.getByRole('separator').getAttribute('aria-orientation')).toBe('vertical');
  });
});
