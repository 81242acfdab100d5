import { Button } from '@yardsale/ui';
import { MenuIcon } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';
import { loadOnIntent } from '../../lib/load-on-intent';
import type { SessionUser } from '../../lib/session';
import type { NavItem } from './nav-items';

// The sheet (and the dialog code under it) loads when the menu is first wanted, not with the page.
const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazyPiece(loadSheet);

/** The phone and tablet menu: a button that opens a sheet sliding in from the right. */
export function MobileMenu({ user, items }: { user: SessionUser; items: readonly NavItem[] }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={menuButton}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        {...loadOnIntent(loadSheet)}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <MenuIcon aria-hidden="true" className="size-6" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            user={user}
            items={items}
            open={open}
            onOpenChange={setOpen}
            menuButton={menuButton}
          />
        </Suspense>
      ) : null}
    </>
  );
}
