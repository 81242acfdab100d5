import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { POLL_LISTING_WITHOUT_IMAGES_MS } from '@yardsale/validators';
import { preload as preloadResource } from 'react-dom';

import { ScreenPending } from '../../components/layout/screen-pending';
import { ListingDetailView } from '../../components/listing-detail/listing-detail-view';
import { ListingRouteError } from '../../components/listing-detail/listing-not-found';
import { parseListingId } from '../../lib/listing-id';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';

export const Route = createFileRoute('/_authenticated/listing/$id')({
  // The data request in a file of its own, fetched with the session check, so the request goes out
  // the moment the guards pass; the page's far larger code downloads meanwhile. The router renders
  // the page once both are here, in one go, with nothing left to suspend on.
  codeSplitGroupings: [['loader'], ['component'], ['pendingComponent'], ['errorComponent']],
  loader: async ({ context: { queryClient, trpc }, params, preload }) => {
    // Cached data opens the page at once; the page itself refreshes it when stale.
    const listing = await queryClient.query({
      ...trpc.listings.byId.queryOptions({ id: parseListingId(params.id) }),
      staleTime: 'static',
    });
    // The main photo is the page's largest picture: ask for it now, not once the page has rendered.
    // Not when the router only prepares the page because a link to it was hovered or focused (a
    // card on home): most are never opened, and each photo is the size of a screen.
    const photo = listing.images[0];
    if (photo && !preload) preloadResource(photo.imageUrl, { as: 'image', fetchPriority: 'high' });
    return listing;
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `${loaderData.title} · YardSale` : 'Listing · YardSale' }],
  }),
  pendingComponent: ScreenPending,
  // Shown only when the listing is slow to come; once it is here it replaces the spinner at once.
  pendingMinMs: 0,
  errorComponent: ListingRouteError,
  component: ListingPage,
});

function ListingPage() {
  const params = Route.useParams();
  const trpc = useTRPC();
  const viewer = useCurrentUser();
  const { data: listing } = useSuspenseQuery({
    ...trpc.listings.byId.queryOptions({ id: parseListingId(params.id) }),
    // Photos may still be on their way (docs/product/rules.md#states): look again until some
    // arrive.
    refetchInterval: (query) =>
      query.state.data?.images.length === 0 ? POLL_LISTING_WITHOUT_IMAGES_MS : false,
  });
  return <ListingDetailView listing={listing} viewer={viewer} />;
}
