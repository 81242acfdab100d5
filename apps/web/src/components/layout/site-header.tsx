import { Link, useRouterState } from '@tanstack/react-router';
import { Button, UserAvatar, cn } from '@yardsale/ui';
import { LogOutIcon, PlusIcon, SettingsIcon } from 'lucide-react';

import { fullName, useSessionUser, useSignOut } from '../../lib/session';
import type { SessionUser } from '../../lib/session';
import { WordMark } from '../brand/word-mark';
import { ConversationLiveSync } from '../messages/conversation-live';
import { MobileMenu } from './mobile-menu';
import { MAIN_NAV } from './nav-items';
import { UnreadBadge } from './unread-badge';

const navLinkClasses = cn(
  'relative rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors',
  'hover:bg-accent hover:text-foreground',
  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
  'aria-[current=page]:text-foreground aria-[current=page]:after:absolute aria-[current=page]:after:inset-x-3 aria-[current=page]:after:-bottom-[13px] aria-[current=page]:after:h-0.5 aria-[current=page]:after:rounded-full aria-[current=page]:after:bg-primary',
);

export function SiteHeader() {
  const user = useSessionUser();
  const onLanding = useRouterState({ select: (state) => state.location.pathname === '/' });

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Link
          to={user ? '/home' : '/'}
          className="-ml-1 rounded-lg p-1 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <WordMark />
          <span className="sr-only">, home</span>
        </Link>
        {user === undefined ? null : user === null ? (
          <SignedOutActions />
        ) : onLanding ? (
          <div className="ml-auto">
            <Button asChild>
              <Link to="/home">Go to Dashboard</Link>
            </Button>
          </div>
        ) : (
          <SignedInNavigation user={user} />
        )}
        {/* One live connection per signed-in tab feeds the badge and the Messages screen. */}
        {user ? <ConversationLiveSync userId={user.id} /> : null}
      </div>
    </header>
  );
}

function SignedOutActions() {
  return (
    <div className="ml-auto flex items-center gap-1 sm:gap-2">
      <Link to="/how-it-works" className={cn(navLinkClasses, 'hidden sm:inline-flex')}>
        How It Works
      </Link>
      <Button asChild variant="ghost">
        <Link to="/auth" search={{ mode: 'sign-in' }}>
          Log In
        </Link>
      </Button>
      <Button asChild>
        <Link to="/auth" search={{ mode: 'register' }}>
          Get Started
        </Link>
      </Button>
    </div>
  );
}

function SignedInNavigation({ user }: { user: SessionUser }) {
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

      <div className="ml-auto hidden items-center gap-1 lg:flex">
        <Button asChild className="mr-2">
          <Link to="/create-listing">
            <PlusIcon aria-hidden="true" />
            Post Listing
          </Link>
        </Button>
        <Link
          to="/profile"
          className="rounded-full p-1 transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <UserAvatar src={user.profilePicture} name={fullName(user)} size="sm" />
          <span className="sr-only">Your profile ({fullName(user)})</span>
        </Link>
        <Button asChild variant="ghost" size="icon" className="text-muted-foreground">
          <Link to="/settings" aria-label="Account settings" title="Account settings">
            <SettingsIcon aria-hidden="true" className="size-5" />
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="text-muted-foreground"
          aria-label="Sign out"
          title="Sign out"
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          {signOut.isPending ? null : <LogOutIcon aria-hidden="true" className="size-5" />}
        </Button>
      </div>

      <div className="ml-auto lg:hidden">
        <MobileMenu user={user} items={items} />
      </div>
    </>
  );
}
