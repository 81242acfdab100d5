import { Link } from '@tanstack/react-router';
import { Button, cn } from '@yardsale/ui';

import { useSessionUser } from '../../lib/session';
import { WordMark } from '../brand/word-mark';

const COPYRIGHT_YEAR = 2025;

const footerLinkClasses =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

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
          <div>
            <h2 className="mb-3 text-sm font-semibold">YardSale</h2>
            <ul className="flex flex-col gap-2">
              <li>
                <Link to="/about" className={footerLinkClasses}>
                  About
                </Link>
              </li>
              <li>
                <Link to="/how-it-works" className={footerLinkClasses}>
                  How It Works
                </Link>
              </li>
              <li>
                <Link to="/help" className={footerLinkClasses}>
                  Help Center
                </Link>
              </li>
            </ul>
          </div>
          <div>
            <h2 className="mb-3 text-sm font-semibold">Legal</h2>
            <ul className="flex flex-col gap-2">
              <li>
                <Link to="/terms" className={footerLinkClasses}>
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link to="/privacy" className={footerLinkClasses}>
                  Privacy Policy
                </Link>
              </li>
            </ul>
          </div>
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
      <ul className={cn('flex flex-wrap gap-x-5 gap-y-2', className)}>
        <li>
          <Link to="/about" className={footerLinkClasses}>
            About
          </Link>
        </li>
        <li>
          <Link to="/help" className={footerLinkClasses}>
            Help
          </Link>
        </li>
        <li>
          <Link to="/terms" className={footerLinkClasses}>
            Terms
          </Link>
        </li>
        <li>
          <Link to="/privacy" className={footerLinkClasses}>
            Privacy
          </Link>
        </li>
      </ul>
    </nav>
  );
}
