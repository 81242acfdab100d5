import type { LinkProps } from '@tanstack/react-router';
import { cn } from '@yardsale/ui';
import type { LucideIcon } from 'lucide-react';
import {
  CircleHelpIcon,
  HomeIcon,
  LayoutListIcon,
  MessageCircleIcon,
  PlusIcon,
  SearchIcon,
  ShieldCheckIcon,
  UserIcon,
} from 'lucide-react';

export interface NavItem {
  to: NonNullable<LinkProps['to']>;
  /** Desktop top bar label. */
  label: string;
  /** Mobile menu label (worded differently: docs/product/screens.md#navigation). */
  menuLabel: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** Signed-in navigation, in the product's order (docs/product/screens.md#navigation). */
export const MAIN_NAV: readonly NavItem[] = [
  { to: '/home', label: 'Browse', menuLabel: 'Browse Sales', icon: SearchIcon },
  { to: '/profile', label: 'My Listings', menuLabel: 'My Listings', icon: LayoutListIcon },
  { to: '/messages', label: 'Messages', menuLabel: 'Messages', icon: MessageCircleIcon },
  { to: '/how-it-works', label: 'How It Works', menuLabel: 'How It Works', icon: CircleHelpIcon },
  {
    to: '/admin',
    label: 'Admin',
    menuLabel: 'Admin Dashboard',
    icon: ShieldCheckIcon,
    adminOnly: true,
  },
];

interface TabItem {
  to: NonNullable<LinkProps['to']>;
  label: string;
  icon: LucideIcon;
}

/** The phone's bottom bar; a tab is active when the URL starts with its path. */
export const BOTTOM_TABS: readonly TabItem[] = [
  { to: '/home', label: 'Home', icon: HomeIcon },
  { to: '/messages', label: 'Messages', icon: MessageCircleIcon },
  { to: '/create-listing', label: 'Post', icon: PlusIcon },
  { to: '/profile', label: 'Profile', icon: UserIcon },
];

/** A link of the header's main navigation; the current page's is underlined. */
export const navLinkClasses = cn(
  'relative rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors',
  'hover:bg-accent hover:text-foreground',
  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
  'aria-[current=page]:text-foreground aria-[current=page]:after:absolute aria-[current=page]:after:inset-x-3 aria-[current=page]:after:-bottom-[13px] aria-[current=page]:after:h-0.5 aria-[current=page]:after:rounded-full aria-[current=page]:after:bg-primary',
);
