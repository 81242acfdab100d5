import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute, notFound } from '@tanstack/react-router';
import { Badge, Card, EmptyState, Skeleton, UserAvatar } from '@yardsale/ui';
import { PROFILE_REVIEW_COUNT } from '@yardsale/validators';
import { BadgeCheckIcon, CalendarIcon, InfoIcon, StoreIcon } from 'lucide-react';

import { PageContainer } from '../../components/layout/page';
import { ListingCard } from '../../components/listings/listing-card';
import { ListingGrid, ListingGridSkeleton } from '../../components/listings/listing-grid';
import { SELLER_TEXTS } from '../../components/listings/listing-texts';
import { RatingSummary } from '../../components/reviews/rating-summary';
import { RecentReviews } from '../../components/sellers/recent-reviews';
import { SellerNotFound } from '../../components/sellers/seller-not-found';
import { SellerStats } from '../../components/sellers/seller-stats';
import { errorCode } from '../../lib/errors';
import { fullName, useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { formatDate } from '../../lib/format';

/** A seller's id in the address; anything but a positive whole number names nobody. */
function parseUserId(param: string): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 && String(id) === param ? id : null;
}

export const Route = createFileRoute('/_authenticated/users/$userId')({
  loader: async ({ context: { queryClient, trpc }, params }) => {
    const id = parseUserId(params.userId);
    if (id === null) throw notFound();
    void queryClient
      .query(trpc.listings.byUser.queryOptions({ userId: id }))
      .catch(() => undefined);
    // The rating and recent reviews load beside the seller; the page shows placeholders meanwhile.
    void queryClient.query(trpc.reviews.rating.queryOptions({ userId: id })).catch(() => undefined);
    void queryClient
      .query(trpc.reviews.ofUser.queryOptions({ userId: id, limit: PROFILE_REVIEW_COUNT }))
      .catch(() => undefined);
    try {
      const seller = await queryClient.query({
        ...trpc.users.byId.queryOptions({ id }),
        staleTime: 'static',
      });
      return { id, name: fullName(seller) };
    } catch (error) {
      if (errorCode(error) === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: `${loaderData ? loaderData.name : SELLER_TEXTS.notFoundTitle} · YardSale` }],
  }),
  notFoundComponent: SellerNotFound,
  component: SellerPage,
});

function SellerPage() {
  const { id } = Route.useLoaderData();
  const trpc = useTRPC();
  const viewer = useCurrentUser();
  const { data: seller } = useSuspenseQuery(trpc.users.byId.queryOptions({ id }));
  const listings = useQuery(trpc.listings.byUser.queryOptions({ userId: id }));
  const rating = useQuery(trpc.reviews.rating.queryOptions({ userId: id }));
  const name = fullName(seller);
  const isViewer = viewer.id === seller.id;

  return (
    <PageContainer width="wide" className="flex flex-col gap-6">
      <Card className="overflow-hidden">
        <div
          aria-hidden="true"
          className="h-20 bg-gradient-to-r from-pine-700 via-pine-600 to-pine-400 sm:h-28"
        />
        <div className="flex flex-col items-center gap-4 px-5 pb-6 sm:flex-row sm:items-end sm:gap-6 sm:px-8">
          <div className="-mt-12 sm:-mt-14">
            <UserAvatar
              src={seller.profilePicture}
              name={name}
              size="xl"
              framed
              className="sm:size-28"
            />
          </div>
          <div className="flex min-w-0 flex-1 flex-col items-center gap-2 text-center sm:items-start sm:pb-1 sm:text-left">
            <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
              <h1 className="max-w-full font-display text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
                {name}
              </h1>
              <Badge variant="success">
                <BadgeCheckIcon aria-hidden="true" />
                {SELLER_TEXTS.activeMember}
              </Badge>
            </div>
            <ul className="flex flex-col items-center gap-x-5 gap-y-1.5 text-sm text-muted-foreground sm:flex-row sm:flex-wrap">
              <li className="flex items-center gap-1.5">
                <CalendarIcon aria-hidden="true" className="size-4 shrink-0" />
                Member since{' '}
                {formatDate(seller.createdAt, {
                  zone: 'local',
                  month: 'long',
                  day: false,
                  year: true,
                })}
              </li>
            </ul>
            {rating.data ? (
              <RatingSummary rating={rating.data} />
            ) : rating.isPending ? (
              <Skeleton className="h-6 w-44" />
            ) : null}
          </div>
        </div>
        {isViewer ? (
          <p className="flex items-center gap-2 border-t bg-secondary/60 px-5 py-3 text-sm sm:px-8">
            <InfoIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span>
              This is how neighbours see your profile.{' '}
              <Link
                to="/profile"
                className="font-semibold text-primary underline-offset-4 hover:underline"
              >
                Go to My Profile
              </Link>
            </span>
          </p>
        ) : null}
      </Card>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="seller-listings-heading" className="flex flex-col gap-4">
          <h2
            id="seller-listings-heading"
            className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight"
          >
            <StoreIcon aria-hidden="true" className="size-5 text-primary" />
            Current Listings
            {listings.data ? (
              <Badge variant="secondary" className="tabular-nums">
                {listings.data.length}
              </Badge>
            ) : null}
          </h2>
          {listings.isPending ? (
            <ListingGridSkeleton count={2} className="lg:grid-cols-2!" />
          ) : listings.isError ? (
            <EmptyState
              icon={<StoreIcon />}
              title="We couldn't load these listings"
              description="Check your connection and reload the page."
            />
          ) : listings.data.length === 0 ? (
            <EmptyState
              icon={<StoreIcon />}
              title={`${seller.firstName} has nothing listed right now`}
              description="Garage sales and items they post will show up here."
            />
          ) : (
            <ListingGrid className="lg:grid-cols-2!">
              {listings.data.map((listing) => (
                <li key={listing.id}>
                  <ListingCard listing={listing} />
                </li>
              ))}
            </ListingGrid>
          )}
        </section>

        <div className="flex flex-col gap-6">
          <SellerStats listingCount={listings.data?.length} rating={rating.data} />
          <RecentReviews sellerId={seller.id} firstName={seller.firstName} />
        </div>
      </div>
    </PageContainer>
  );
}
