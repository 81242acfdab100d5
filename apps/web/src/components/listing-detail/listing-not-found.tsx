import { Link } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '@yardsale/ui';
import { MESSAGES } from '@yardsale/validators';
import { SearchXIcon } from 'lucide-react';

import { isListingMissing } from '../../lib/listing-id';
import { PageError } from '../layout/status-pages';

export function ListingNotFound() {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <span className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
        <SearchXIcon aria-hidden="true" className="size-8" />
      </span>
      <h1 className="font-display text-3xl font-bold tracking-tight">
        {MESSAGES.listing.notFound}
      </h1>
      <p className="mt-3 text-pretty text-muted-foreground">
        It may have been taken down by the seller, or the sale may already be over.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">Browse listings</Link>
      </Button>
    </section>
  );
}

/** A listing route's error screen: 'Listing not found' when that is the reason. */
export function ListingRouteError(props: ErrorComponentProps) {
  if (isListingMissing(props.error)) return <ListingNotFound />;
  return <PageError {...props} />;
}
