import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { describe, expect, test } from 'vitest';

import { Button } from './button';

function PublishButton({ loading }: { loading: boolean }) {
  const [clicks, setClicks] = React.useState(0);
  return (
    <>
      <Button loading={loading} onClick={() => setClicks((count) => count + 1)}>
        Publish
      </Button>
      <p>Clicks: {clicks}</p>
    </>
  );
}

describe('Button', () => {
  test('Enter and Space press it', async () => {
    const user = userEvent.setup();
    render(<PublishButton loading={false} />);
    await user.tab();

    await user.keyboard('{Enter}');
    await user.keyboard(' ');

    expect(screen.getByText('Clicks: 2')).toBeTruthy();
  });

  test('while loading it keeps its name, is busy and cannot be pressed', async () => {
    const user = userEvent.setup();
    render(<PublishButton loading />);
    const button = screen.getByRole('button', { name: 'Publish' });

    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button).toHaveProperty('disabled', true);
    // The spinner inside is decoration: no second "Loading" status next to the button.
    expect(screen.queryByRole('status')).toBeNull();
    await user.click(button);
    expect(screen.getByText('Clicks: 0')).toBeTruthy();
  });

  test('a disabled link styled as a button says it is disabled', () => {
    render(
      <Button asChild disabled>
        <a href="/sell">Sell an item</a>
      </Button>,
    );

    const link = screen.getByRole('link', { name: 'Sell an item' });
    expect(link.getAttribute('aria-disabled')).toBe('true');
    expect(link.hasAttribute('disabled')).toBe(false);
  });
});
