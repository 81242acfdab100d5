import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { POLL_LISTING_WITHOUT_IMAGES_MS } from '@yardsale/validators';

import { ListingDetailView } from '../../components/listing-detail/listing-detail-view';
import { ListingRouteError } from '../../components/listing-detail/listing-not-found';
import { parseListingId } from '../../lib/listing-id';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

export const Route = createFileRoute('/_authenticated/listing/$id')({
  loader: ({ context: { queryClient, trpc }, params }) =>
    // Cached data opens the page at once; the page itself refreshes it when stale.
    queryClient.query({
      ...trpc.listings.byId.queryOptions({ id: parseListingId(params.id) }),
      staleTime: 'static',
    }),
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `${loaderData.title} · YardSale` : 'Listing · YardSale' }],
  }),
  errorComponent: ListingRouteError,
  component: ListingPage,
});

function ListingPage() {
  const params = Route.useParams();
  const trpc = useTRPC();
  const viewer = useCurrentUser();
  const { data: listing } = useSuspenseQuery({
    ...trpc.listings.byId.queryOptions({ id: parseListingId(params.id) }),
    // Photos may still be on their way (spec section 4): look again until some arrive.
    refetchInterval: (query) =>
      query.state.data?.images.length === 0 ? POLL_LISTING_WITHOUT_IMAGES_MS : false,
  });
  return <ListingDetailView listing={listing} viewer={viewer} />;
}
