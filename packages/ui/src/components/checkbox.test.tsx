import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';

import { Checkbox } from './checkbox';
import { Label } from './label';

function Pickup({ disabled = false }: { disabled?: boolean }) {
  return (
    <div>
      <Checkbox id="pickup" disabled={disabled} />
      <Label htmlFor="pickup">Pickup only</Label>
    </div>
  );
}

describe('Checkbox', () => {
  test('is a checkbox named by its label that Space toggles', async () => {
    const user = userEvent.setup();
    render(<Pickup />);
    const checkbox = screen.getByRole('checkbox', { name: 'Pickup only' });
    expect(checkbox.getAttribute('aria-checked')).toBe('false');

    await user.tab();
    expect(document.activeElement).toBe(checkbox);
    await user.keyboard(' ');
    expect(checkbox.getAttribute('aria-checked')).toBe('true');
    await user.keyboard(' ');
    expect(checkbox.getAttribute('aria-checked')).toBe('false');
  });

  test('Enter does not toggle it, as with a native checkbox', async () => {
    const user = userEvent.setup();
    render(<Pickup />);
    await user.tab();

    await user.keyboard('{Enter}');

    expect(screen.getByRole('checkbox').getAttribute('aria-checked')).toBe('false');
  });

  test('clicking the label toggles it', async () => {
    const user = userEvent.setup();
    render(<Pickup />);

    await user.click(screen.getByText('Pickup only'));

    expect(screen.getByRole('checkbox').getAttribute('aria-checked')).toBe('true');
  });

  test('a mixed state is announced as mixed', () => {
    render(<Checkbox aria-label="All categories" checked="indeterminate" />);

    expect(
      screen.getByRole('checkbox', { name: 'All categories' }).getAttribute('aria-checked'),
    ).toBe('mixed');
  });

  test('a disabled checkbox is skipped by Tab and cannot be toggled', async () => {
    const user = userEvent.setup();
    render(<Pickup disabled />);
    const checkbox = screen.getByRole('checkbox', { name: 'Pickup only' });

    await user.tab();
    expect(document.activeElement).not.toBe(checkbox);
    await user.click(screen.getByText('Pickup only'));

    expect(checkbox).toHaveProperty('disabled', true);
    expect(checkbox.getAttribute('aria-checked')).toBe('false');
  });
});
