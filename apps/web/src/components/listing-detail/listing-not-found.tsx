import { Link } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { UI_TEXT } from '@yardsale/validators';
import { SearchXIcon } from 'lucide-react';

import { isListingMissing } from '../../lib/listing-id';
import { MissingScreen } from '../layout/missing-pages';
import { PageError } from '../layout/status-pages';

function ListingNotFound() {
  return (
    <MissingScreen
      icon={SearchXIcon}
      title={UI_TEXT.listing.notFound}
      description="It may have been taken down by the seller, or the sale may already be over."
      action={<Link to="/">Browse listings</Link>}
    />
  );
}

/** A listing route's error screen: 'Listing not found' when that is the reason. */
export function ListingRouteError(props: ErrorComponentProps) {
  if (isListingMissing(props.error)) return <ListingNotFound />;
  return <PageError {...props} />;
}
