import { Link } from '@tanstack/react-router';
import { cn } from '@yardsale/ui';

import { BOTTOM_TABS } from './nav-items';
import { UnreadBadge } from './unread-badge';

/**
 * The phone's fixed bottom bar for signed-in users. The router marks a tab active (aria-current)
 * when the URL starts with its path, which is the product's prefix match
 * (docs/product/screens.md#navigation).
 */
export function BottomTabBar() {
  return (
    <nav
      aria-label="Quick navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-4">
        {BOTTOM_TABS.map((tab) => (
          <li key={tab.to} className="flex">
            <Link
              to={tab.to}
              activeOptions={{ includeSearch: false }}
              className={cn(
                'group flex flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium text-muted-foreground transition-colors',
                'focus-visible:bg-accent focus-visible:outline-none aria-[current=page]:text-primary',
              )}
            >
              {tab.to === '/create-listing' ? (
                <span className="flex size-8 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm group-aria-[current=page]:ring-4 group-aria-[current=page]:ring-brand-100">
                  <tab.icon aria-hidden="true" className="size-5" />
                </span>
              ) : (
                <span className="relative flex size-8 items-center justify-center">
                  <tab.icon
                    aria-hidden="true"
                    className="size-6 group-aria-[current=page]:stroke-[2.4]"
                  />
                  {tab.to === '/messages' ? (
                    <UnreadBadge className="absolute -top-1 left-5 ring-2 ring-card" />
                  ) : null}
                </span>
              )}
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
