import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';

import { Button } from './button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';
import type { DialogContentProps } from './dialog';
import { Input } from './input';

function EditListing(props: Pick<DialogContentProps, 'layout' | 'showCloseButton'>) {
  return (
    <>
      <Button>Back to listings</Button>
      <Dialog>
        <DialogTrigger asChild>
          <Button>Edit listing</Button>
        </DialogTrigger>
        <DialogContent {...props}>
          <DialogHeader>
            <DialogTitle>Edit your listing</DialogTitle>
            <DialogDescription>Buyers see the changes at once.</DialogDescription>
          </DialogHeader>
          <Input aria-label="Title" />
          <DialogFooter>
            <Button>Save changes</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Button>Report listing</Button>
    </>
  );
}

function focused(): Element | null {
  return document.activeElement;
}

describe('Dialog', () => {
  test('announces itself as a modal dialog named by its title and described by its text', async () => {
    const user = userEvent.setup();
    render(<EditListing />);
    const trigger = screen.getByRole('button', { name: 'Edit listing' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    await user.click(trigger);

    const dialog = screen.getByRole('dialog', { name: 'Edit your listing' });
    expect(dialog.getAttribute('aria-describedby')).toBe(
      screen.getByText('Buyers see the changes at once.').id,
    );
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // The page behind is hidden from screen readers while the dialog is open.
    expect(screen.queryByRole('button', { name: 'Back to listings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report listing' })).toBeNull();
  });

  test('moves focus into the dialog when it opens', async () => {
    const user = userEvent.setup();
    render(<EditListing />);

    await user.click(screen.getByRole('button', { name: 'Edit listing' }));

    expect(focused()).toBe(screen.getByRole('textbox', { name: 'Title' }));
  });

  test('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<EditListing />);
    await user.click(screen.getByRole('button', { name: 'Edit listing' }));
    const dialog = screen.getByRole('dialog');
    const title = screen.getByRole('textbox', { name: 'Title' });
    const save = screen.getByRole('button', { name: 'Save changes' });
    const close = screen.getByRole('button', { name: 'Close' });

    await user.tab();
    expect(focused()).toBe(save);
    await user.tab();
    expect(focused()).toBe(close);
    await user.tab();
    expect(focused()).toBe(title);

    await user.tab({ shift: true });
    expect(focused()).toBe(close);
    await user.tab({ shift: true });
    expect(focused()).toBe(save);

    for (let press = 0; press < 7; press += 1) {
      await user.tab();
      expect(dialog.contains(focused())).toBe(true);
    }
  });

  test('closes with Escape and returns focus to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<EditListing />);
    const trigger = screen.getByRole('button', { name: 'Edit listing' });
    await user.click(trigger);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  test('opens from the keyboard and returns focus there after the Close button', async () => {
    const user = userEvent.setup();
    render(<EditListing />);
    const trigger = screen.getByRole('button', { name: 'Edit listing' });

    await user.tab();
    await user.tab();
    expect(focused()).toBe(trigger);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Edit your listing' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(trigger);
  });

  test('a sheet without a close button still traps focus and closes with Escape', async () => {
    const user = userEvent.setup();
    render(<EditListing layout="sheet" showCloseButton={false} />);
    const trigger = screen.getByRole('button', { name: 'Edit listing' });
    await user.click(trigger);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    const title = screen.getByRole('textbox', { name: 'Title' });
    expect(focused()).toBe(title);

    await user.tab();
    await user.tab();
    expect(focused()).toBe(title);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(trigger);
  });
});
