import { Link } from '@tanstack/react-router';
import type { LinkProps } from '@tanstack/react-router';
import { Button, cn } from '@yardsale/ui';

import { useSessionUser } from '../../lib/session';
import { WordMark } from '../brand/word-mark';

const COPYRIGHT_YEAR = 2025;

const footerLinkClasses =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

const FULL_LINK_GROUPS = [
  {
    heading: 'YardSale',
    links: [
      { to: '/about', label: 'About' },
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/help', label: 'Help Center' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
    ],
  },
] as const;

const COMPACT_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/help', label: 'Help' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
] as const;

/** The landing page's full footer, or the slim one under every other screen. */
export function SiteFooter({ variant }: { variant: 'full' | 'compact' }) {
  const user = useSessionUser();
  const signedOut = user === null;

  if (variant === 'compact') {
    return (
      <footer className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 py-6 text-center sm:flex-row sm:justify-between sm:px-6 sm:text-left">
          <p className="text-sm text-muted-foreground">
            © {COPYRIGHT_YEAR} YardSale. Free for neighbours.
          </p>
          <FooterLinks className="justify-center" />
        </div>
      </footer>
    );
  }

  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr]">
        <div className="flex max-w-sm flex-col gap-4">
          <WordMark />
          <p className="text-sm leading-relaxed text-muted-foreground">
            The free marketplace for garage sales and single items in your neighbourhood. No listing
            fees, no commission.
          </p>
          {signedOut ? (
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <Link to="/auth" search={{ mode: 'register' }}>
                  Sign Up Free
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/auth" search={{ mode: 'sign-in' }}>
                  Log In
                </Link>
              </Button>
            </div>
          ) : null}
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8">
          {FULL_LINK_GROUPS.map((group) => (
            <div key={group.heading}>
              <h2 className="mb-3 text-sm font-semibold">{group.heading}</h2>
              <FooterLinkList links={group.links} className="flex flex-col gap-2" />
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-muted-foreground sm:px-6">
          © {COPYRIGHT_YEAR} YardSale. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Footer">
      <FooterLinkList
        links={COMPACT_LINKS}
        className={cn('flex flex-wrap gap-x-5 gap-y-2', className)}
      />
    </nav>
  );
}

function FooterLinkList({
  links,
  className,
}: {
  links: readonly { to: LinkProps['to']; label: string }[];
  className: string;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={footerLinkClasses}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
