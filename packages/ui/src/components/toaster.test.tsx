import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

import { Toaster } from './toaster';
import { dismissToast, toast, TOAST_DURATION_MS } from './use-toast';
import type { ToastOptions } from './use-toast';

const published: ToastOptions = {
  title: 'Listing published',
  description: 'Buyers can now find it.',
  variant: 'success',
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Keyboard tests: Testing Library waits a (fake) timer tick after each key, so the fake clock
 * also follows the real one. Their time checks keep wide margins for that reason.
 */
function setupUser() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return userEvent.setup();
}

/** Lets the clock run, as the user's time passes; React renders what the timers changed. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Raises a toast and lets the announcement be rendered (it waits two animation frames). */
async function raise(options: ToastOptions) {
  act(() => {
    toast(options);
  });
  await wait(50);
}

function notifications(): HTMLElement {
  return screen.getByRole('region', { name: 'Notifications (F8)' });
}

function shownToasts(): string[] {
  return within(notifications())
    .queryAllByRole('listitem')
    .map((element) => element.textContent);
}

describe('Toaster', () => {
  test('announces a toast politely, title and description as separate words', async () => {
    render(<Toaster />);

    await raise(published);

    const announcement = screen.getByRole('status');
    expect(announcement.getAttribute('aria-live')).toBe('polite');
    expect(announcement.textContent).toBe('Notification Listing published Buyers can now find it.');
    // The close button's label is not part of what is read out.
    expect(shownToasts()).toEqual(['Listing published Buyers can now find it.']);
    expect(within(notifications()).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  test('announces an error assertively', async () => {
    render(<Toaster />);

    await raise({ title: 'Could not save', variant: 'destructive' });

    const announcement = screen.getByRole('status');
    expect(announcement.getAttribute('aria-live')).toBe('assertive');
    expect(announcement.textContent).toBe('Notification Could not save');
  });

  test('goes away after the default duration', async () => {
    render(<Toaster />);
    await raise(published);

    await wait(TOAST_DURATION_MS - 100);
    expect(shownToasts()).toHaveLength(1);

    await wait(100);
    expect(shownToasts()).toEqual([]);
  });

  test('a toast with its own duration goes away after it', async () => {
    render(<Toaster />);
    await raise({ ...published, duration: 2_000 });

    await wait(1_900);
    expect(shownToasts()).toHaveLength(1);

    await wait(100);
    expect(shownToasts()).toEqual([]);
  });

  test('the Close button dismisses it', async () => {
    const user = setupUser();
    render(<Toaster />);
    await raise(published);
    await user.keyboard('[F8]');
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(
      within(notifications()).getByRole('button', { name: 'Close' }),
    );

    await user.keyboard('{Enter}');

    expect(shownToasts()).toEqual([]);
  });

  test('F8 reaches the toasts from the keyboard; Escape dismisses the focused one', async () => {
    const user = setupUser();
    render(<Toaster />);
    await raise(published);

    await user.keyboard('[F8]');
    const list = within(notifications()).getByRole('list');
    expect(document.activeElement).toBe(list);
    await user.tab();
    expect(document.activeElement).toBe(within(list).getByRole('listitem'));

    await user.keyboard('{Escape}');

    expect(shownToasts()).toEqual([]);
    // Focus stays in the notifications instead of falling back to the top of the page.
    expect(document.activeElement).toBe(list);
  });

  test('waits while keyboard focus is on it, and resumes when focus leaves', async () => {
    const user = setupUser();
    render(
      <>
        <button type="button">Publish</button>
        <Toaster />
      </>,
    );
    await raise(published);

    await user.keyboard('[F8]');
    await wait(TOAST_DURATION_MS * 3);
    expect(shownToasts()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await wait(TOAST_DURATION_MS);
    expect(shownToasts()).toEqual([]);
  });

  test('dismissToast() closes it from code, and a new toast replaces the shown one', async () => {
    render(<Toaster />);
    await raise(published);
    await raise({ title: 'Message sent' });
    expect(shownToasts()).toEqual(['Message sent']);

    act(() => {
      dismissToast();
    });

    expect(shownToasts()).toEqual([]);
  });
});
