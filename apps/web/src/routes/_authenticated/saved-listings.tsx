import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { Button, EmptyState } from '@yardsale/ui';
import { BookmarkIcon, SearchIcon } from 'lucide-react';

import { PageContainer, PageHeader } from '../../components/layout/page';
import { ListingCard } from '../../components/listings/listing-card';
import { ListingGrid } from '../../components/listings/listing-grid';
import { RemoveSavedButton } from '../../components/listings/save-listing-button';
import { useTRPC } from '../../lib/trpc';

export const Route = createFileRoute('/_authenticated/saved-listings')({
  head: () => ({ meta: [{ title: 'Saved Listings · YardSale' }] }),
  loader: ({ context: { queryClient, trpc } }) =>
    queryClient.query({ ...trpc.saved.list.queryOptions(), staleTime: 'static' }),
  component: SavedListingsPage,
});

function SavedListingsPage() {
  const trpc = useTRPC();
  const { data: saved } = useSuspenseQuery(trpc.saved.list.queryOptions());

  return (
    <PageContainer>
      <PageHeader
        title="Saved Listings"
        description={
          saved.length === 0
            ? "Sales and items you've saved to come back to."
            : `${saved.length} saved ${saved.length === 1 ? 'listing' : 'listings'}, newest save first. Ended listings drop off on their own.`
        }
        icon={<BookmarkIcon />}
        back={{ to: '/profile', label: 'Back to Profile' }}
      />
      {saved.length === 0 ? (
        <EmptyState
          icon={<BookmarkIcon />}
          titleAs="h2"
          title="No saved listings yet"
          description="Tap the bookmark on a listing while you browse and it will wait for you here."
          action={
            <Button asChild>
              <Link to="/home">
                <SearchIcon aria-hidden="true" />
                Browse Listings
              </Link>
            </Button>
          }
        />
      ) : (
        <ListingGrid>
          {saved.map((listing) => (
            <li key={listing.id}>
              <ListingCard
                listing={listing}
                saveControl={false}
                actions={<RemoveSavedButton listing={listing} />}
              />
            </li>
          ))}
        </ListingGrid>
      )}
    </PageContainer>
  );
}
