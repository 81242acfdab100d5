import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { describe, expect, test } from 'vitest';

import { Button } from './button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

/** The account menu of the header; the page shows which item was chosen last. */
function AccountMenu() {
  const [chosen, setChosen] = React.useState('nothing');
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost">Account</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>Signed in as Jane</DropdownMenuLabel>
          <DropdownMenuGroup>
            <DropdownMenuItem onSelect={() => setChosen('My listings')}>
              My listings
            </DropdownMenuItem>
            <DropdownMenuItem disabled>Payouts</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setChosen('Settings')}>Settings</DropdownMenuItem>
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setChosen('Sign out')}>
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <p>Chosen: {chosen}</p>
    </>
  );
}

function focused(): Element | null {
  return document.activeElement;
}

function item(name: string): HTMLElement {
  return screen.getByRole('menuitem', { name });
}

async function focusTrigger() {
  const user = userEvent.setup();
  await user.tab();
  const trigger = screen.getByRole('button', { name: 'Account' });
  expect(focused()).toBe(trigger);
  return { user, trigger };
}

describe('DropdownMenu', () => {
  test('the trigger says it opens a menu, and the open menu is named by the trigger', async () => {
    render(<AccountMenu />);
    const { user, trigger } = await focusTrigger();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();

    await user.keyboard('{Enter}');

    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(menu.id);
    expect(
      screen
        .getAllByRole('menuitem')
        .map((element) => [element.textContent, element.getAttribute('aria-disabled')]),
    ).toEqual([
      ['My listings', null],
      ['Payouts', 'true'],
      ['Settings', null],
      ['Sign out', null],
    ]);
  });

  test.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
    ['ArrowDown', '{ArrowDown}'],
  ])('opens with %s and focuses the first item', async (_name, key) => {
    render(<AccountMenu />);
    const { user } = await focusTrigger();

    await user.keyboard(key);

    expect(screen.getByRole('menu')).toBeTruthy();
    expect(focused()).toBe(item('My listings'));
  });

  test('arrow keys move through the items, skip disabled ones and stop at the ends', async () => {
    render(<AccountMenu />);
    const { user } = await focusTrigger();
    await user.keyboard('{ArrowDown}');

    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe(item('Settings'));
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe(item('Sign out'));
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe(item('Sign out'));
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe(item('Settings'));
    await user.keyboard('{Home}');
    expect(focused()).toBe(item('My listings'));
    await user.keyboard('{End}');
    expect(focused()).toBe(item('Sign out'));
  });

  test('typing a letter jumps to the item that starts with it', async () => {
    render(<AccountMenu />);
    const { user } = await focusTrigger();
    await user.keyboard('{ArrowDown}');

    await user.keyboard('s');

    expect(focused()).toBe(item('Settings'));
  });

  test('Enter selects the focused item, closes the menu and returns focus to the trigger', async () => {
    render(<AccountMenu />);
    const { user, trigger } = await focusTrigger();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');

    await user.keyboard('{Enter}');

    expect(screen.getByText('Chosen: Settings')).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(focused()).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  test('a disabled item cannot be chosen', async () => {
    render(<AccountMenu />);
    const { user } = await focusTrigger();
    await user.keyboard('{Enter}');

    await user.click(item('Payouts'));

    expect(screen.getByText('Chosen: nothing')).toBeTruthy();
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  test('Escape closes the menu without choosing and returns focus to the trigger', async () => {
    render(<AccountMenu />);
    const { user, trigger } = await focusTrigger();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowDown}');

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByText('Chosen: nothing')).toBeTruthy();
    expect(focused()).toBe(trigger);
  });
});
