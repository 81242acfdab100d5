import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Button, EmptyState } from '@yardsale/ui';
import { LockIcon } from 'lucide-react';

import { PageContainer, PageHeader } from '../../components/layout/page';
import { ListingRouteError } from '../../components/listing-detail/listing-not-found';
import { ListingForm } from '../../components/listing-form/listing-form';
import { parseListingId } from '../../lib/listing-id';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

export const Route = createFileRoute('/_authenticated/edit-listing/$id')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    // Cached data opens the page at once; the page itself refreshes it when stale.
    queryClient.query({
      ...trpc.listings.byId.queryOptions({ id: parseListingId(params.id) }),
      staleTime: 'static',
    }),
  head: () => ({ meta: [{ title: 'Edit Listing · YardSale' }] }),
  errorComponent: ListingRouteError,
  component: EditListingPage,
});

function EditListingPage() {
  const params = Route.useParams();
  const trpc = useTRPC();
  const user = useCurrentUser();
  const { data: listing } = useSuspenseQuery(
    trpc.listings.byId.queryOptions({ id: parseListingId(params.id) }),
  );

  // The server refuses anyone else's update too; this only explains it before they start typing.
  if (listing.userId !== user.id) {
    return (
      <PageContainer width="narrow">
        <PageHeader title="Edit Listing" back={{ to: '/home', label: 'Back to Browse' }} />
        <EmptyState
          icon={<LockIcon />}
          titleAs="h2"
          title="You can only edit your own listings"
          description="This listing belongs to another neighbour. You can still view it, save it or message the seller."
          action={
            <Button asChild>
              <Link to="/listing/$id" params={{ id: String(listing.id) }}>
                View listing
              </Link>
            </Button>
          }
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer width="narrow">
      <PageHeader
        title="Edit Listing"
        description={listing.title}
        back={{ to: '/profile', label: 'Back to My Listings' }}
      />
      <ListingForm key={listing.id} mode="edit" listing={listing} />
    </PageContainer>
  );
}
