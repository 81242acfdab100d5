import { Link } from '@tanstack/react-router';
import {
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Separator,
  UserAvatar,
  cn,
} from '@yardsale/ui';
import { ChevronRightIcon, LogOutIcon, PlusIcon, SettingsIcon } from 'lucide-react';
import type { RefObject } from 'react';

import { fullName } from '../../lib/session';
import { useSignOut } from '../../lib/session-actions';
import type { SessionUser } from '../../lib/session';
import type { NavItem } from './nav-items';
import { UnreadBadge } from './unread-badge';

const menuRowClasses = cn(
  'flex min-h-12 items-center gap-3 rounded-xl px-3 text-base font-medium transition-colors',
  'hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
  'aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700',
);
const menuLinkClasses = cn(menuRowClasses, 'text-foreground');

/**
 * The phone and tablet menu's sheet, sliding in from the right. Loaded on first use (see
 * mobile-menu.tsx); closing it puts focus back on the menu button.
 */
export default function MobileMenuSheet({
  user,
  items,
  open,
  onOpenChange,
  menuButton,
}: {
  user: SessionUser;
  items: readonly NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  menuButton: RefObject<HTMLButtonElement | null>;
}) {
  const signOut = useSignOut();
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          menuButton.current?.focus();
        }}
        layout="sheet"
      >
        <DialogTitle className="sr-only">Menu</DialogTitle>
        <div className="flex items-center gap-3 border-b bg-brand-50/60 px-5 pt-6 pb-5">
          <UserAvatar src={user.profilePicture} name={fullName(user)} size="md" />
          <div className="min-w-0 pr-10">
            <p className="truncate font-semibold">{fullName(user)}</p>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          </div>
        </div>

        <nav aria-label="Menu" className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="flex flex-col gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  activeOptions={{ includeSearch: false }}
                  className={menuLinkClasses}
                  onClick={close}
                >
                  <item.icon aria-hidden="true" className="size-5 text-muted-foreground" />
                  <span className="flex-1">{item.menuLabel}</span>
                  {item.to === '/messages' ? <UnreadBadge /> : null}
                  <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
          <Button asChild size="lg" className="mt-4 w-full">
            <Link to="/create-listing" onClick={close}>
              <PlusIcon aria-hidden="true" />
              Post Listing
            </Link>
          </Button>
        </nav>

        <div className="px-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <Separator className="mb-3" />
          <Link to="/settings" className={menuLinkClasses} onClick={close}>
            <SettingsIcon aria-hidden="true" className="size-5 text-muted-foreground" />
            Account Settings
          </Link>
          <button
            type="button"
            className={cn(menuRowClasses, 'w-full cursor-pointer text-destructive')}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSuccess: close })}
          >
            <LogOutIcon aria-hidden="true" className="size-5" />
            {signOut.isPending ? 'Signing out…' : 'Sign Out'}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
