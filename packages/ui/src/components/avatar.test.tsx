import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';

import { UserAvatar } from './avatar';

describe('UserAvatar', () => {
  test('without a photo it is an image named by the person, not by the letter shown', () => {
    render(<UserAvatar name="Jane Cooper" />);

    const avatar = screen.getByRole('img', { name: 'Jane Cooper' });
    expect(avatar.textContent).toBe('J');
    expect(screen.queryByRole('img', { name: 'J' })).toBeNull();
  });

  test('initials replace the letter and the name is still what is read', () => {
    render(<UserAvatar name="YardSale Team" initials="YS" />);

    expect(screen.getByRole('img', { name: 'YardSale Team' }).textContent).toBe('YS');
  });
});
