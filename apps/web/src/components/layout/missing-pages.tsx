import { Link } from '@tanstack/react-router';
import { Button } from '@yardsale/ui';
import { CompassIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactElement } from 'react';

import { useSessionUser } from '../../lib/session';

// Loaded when a page is missing, not with every first visit (the router loads it lazily).
export function PageNotFound() {
  const user = useSessionUser();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      {/* No route's head names a page that is not there: React puts this title in the head. */}
      <title>Page Not Found · YardSale</title>
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
        <CompassIcon aria-hidden="true" className="size-8" />
      </span>
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">404</p>
      <h1 className="mt-2 font-display text-3xl font-bold tracking-tight sm:text-4xl">
        Page Not Found
      </h1>
      <p className="mt-3 text-pretty text-muted-foreground">
        We looked up and down the street, but this page isn&apos;t here. It may have moved, or the
        link may be mistyped.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to={user ? '/home' : '/'}>Back to home</Link>
      </Button>
    </section>
  );
}

/** Something the address names is not there (any more), with one way on. */
export function MissingScreen({
  icon: Icon,
  title,
  description,
  action,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  /** A link, shown as the large button. */
  action: ReactElement;
}) {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
        <Icon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="font-display text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-pretty text-muted-foreground">{description}</p>
      <Button asChild size="lg" className="mt-8">
        {action}
      </Button>
    </section>
  );
}
