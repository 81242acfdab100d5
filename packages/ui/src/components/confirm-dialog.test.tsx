import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { describe, expect, test } from 'vitest';

import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

/** A listing page whose Delete button asks first; `pending` is the deletion in flight. */
function DeleteListing({ pending = false }: { pending?: boolean }) {
  const [open, setOpen] = React.useState(false);
  const [confirmations, setConfirmations] = React.useState(0);
  return (
    <>
      <Button variant="outlineDanger" onClick={() => setOpen(true)}>
        Delete listing
      </Button>
      <p>Confirmations: {confirmations}</p>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this listing?"
        description="Buyers will no longer find it."
        confirmLabel="Delete"
        destructive
        pending={pending}
        onConfirm={() => setConfirmations((count) => count + 1)}
      />
    </>
  );
}

function focused(): Element | null {
  return document.activeElement;
}

async function openConfirmation() {
  const user = userEvent.setup();
  const deleteButton = screen.getByRole('button', { name: 'Delete listing' });
  deleteButton.focus();
  await user.keyboard('{Enter}');
  return { user, deleteButton };
}

describe('ConfirmDialog', () => {
  test('is an alert dialog named by its question, with focus on Cancel', async () => {
    render(<DeleteListing />);
    await openConfirmation();

    const dialog = screen.getByRole('alertdialog', { name: 'Delete this listing?' });
    expect(dialog.getAttribute('aria-describedby')).toBe(
      screen.getByText('Buyers will no longer find it.').id,
    );
    expect(focused()).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  test('Enter right after opening cancels, and focus returns to the Delete button', async () => {
    render(<DeleteListing />);
    const { user, deleteButton } = await openConfirmation();

    await user.keyboard('{Enter}');

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByText('Confirmations: 0')).toBeTruthy();
    expect(focused()).toBe(deleteButton);
  });

  test('Escape closes it and focus returns to the Delete button', async () => {
    render(<DeleteListing />);
    const { user, deleteButton } = await openConfirmation();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(deleteButton);
  });

  test('keeps Tab inside its two buttons', async () => {
    render(<DeleteListing />);
    const { user } = await openConfirmation();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Delete' });

    await user.tab();
    expect(focused()).toBe(confirm);
    await user.tab();
    expect(focused()).toBe(cancel);
    await user.tab({ shift: true });
    expect(focused()).toBe(confirm);
  });

  test('a click outside does not dismiss it', async () => {
    render(<DeleteListing />);
    const { user } = await openConfirmation();
    const overlay = document.querySelector('[data-slot="dialog-overlay"]');
    expect(overlay).toBeInstanceOf(HTMLElement);

    if (overlay instanceof HTMLElement) await user.click(overlay);

    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  test('confirming runs the action and leaves the dialog open until the caller closes it', async () => {
    render(<DeleteListing />);
    const { user } = await openConfirmation();

    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(screen.getByText('Confirmations: 1')).toBeTruthy();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });

  test('while the action runs: busy button, focus kept in the dialog, Escape ignored', async () => {
    const { rerender } = render(<DeleteListing />);
    const { user, deleteButton } = await openConfirmation();
    const confirm = screen.getByRole('button', { name: 'Delete' });
    await user.tab();
    expect(focused()).toBe(confirm);

    rerender(<DeleteListing pending />);

    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(confirm).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this listing?' });
    expect(focused()).toBe(dialog);

    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    rerender(<DeleteListing />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(focused()).toBe(deleteButton);
  });
});
