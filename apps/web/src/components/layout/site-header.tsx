import { Link, useRouterState } from '@tanstack/react-router';
import { Button, cn } from '@yardsale/ui';
import { Suspense } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';
import { useSessionUser } from '../../lib/session';
import { WordMark } from '../brand/word-mark';
import { navLinkClasses } from './nav-items';

// Signed in only, and they need the API client: loaded when someone is signed in.
const SignedInNavigation = lazyPiece(() =>
  import('./signed-in-navigation').then((module) => ({ default: module.SignedInNavigation })),
);
const ConversationLiveSync = lazyPiece(() =>
  import('../messages/conversation-live').then((module) => ({
    default: module.ConversationLiveSync,
  })),
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
          <Suspense fallback={null}>
            <SignedInNavigation user={user} />
          </Suspense>
        )}
        {/* One live connection per signed-in tab feeds the badge and the Messages screen. */}
        {user ? (
          <Suspense fallback={null}>
            <ConversationLiveSync userId={user.id} />
          </Suspense>
        ) : null}
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
