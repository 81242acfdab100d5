import { Link } from '@tanstack/react-router';
import { Button, UserAvatar, cn } from '@yardsale/ui';
import { LogOutIcon, PlusIcon, SettingsIcon } from 'lucide-react';

import { fullName } from '../../lib/session';
import { NotificationBell } from '../notifications/notification-bell';
import type { SessionUser } from '../../lib/session';
import { useSignOut } from '../../lib/session-actions';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV, navLinkClasses } from './nav-items';
import { UnreadBadge } from './unread-badge';

/*
 * The signed-in header, in its own chunk: it needs the API client (unread count, sign-out), which
 * a visitor's first page does not load.
 */
export function SignedInNavigation({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const items = MAIN_NAV.filter((item) => !item.adminOnly || user.role === 'admin');

  return (
    <>
      <nav aria-label="Main" className="ml-4 hidden lg:block">
        <ul className="flex items-center gap-1">
          {items.map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                activeOptions={{ includeSearch: false }}
                className={cn(navLinkClasses, 'inline-flex items-center gap-1.5')}
              >
                {item.label}
                {item.to === '/messages' ? <UnreadBadge /> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="ml-auto flex items-center gap-1">
        <Button asChild className="mr-2 max-lg:hidden!">
          <Link to="/create-listing">
            <PlusIcon aria-hidden="true" />
            Post Listing
          </Link>
        </Button>
        <NotificationBell userId={user.id} />
        <div className="hidden items-center gap-1 lg:flex">
          <Link
            to="/profile"
            className="rounded-full p-1 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <UserAvatar src={user.profilePicture} name={fullName(user)} size="sm" />
            <span className="sr-only">Your profile ({fullName(user)})</span>
          </Link>
          <Button asChild variant="quiet" size="icon">
            <Link to="/settings" aria-label="Account settings" title="Account settings">
              <SettingsIcon aria-hidden="true" className="size-5" />
            </Link>
          </Button>
          <Button
            variant="quiet"
            size="icon"
            aria-label="Sign out"
            title="Sign out"
            loading={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            {signOut.isPending ? null : <LogOutIcon aria-hidden="true" className="size-5" />}
          </Button>
        </div>
        <div className="lg:hidden">
          <MobileMenu user={user} items={items} />
        </div>
      </div>
    </>
  );
}
