import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import type { Category } from '@yardsale/validators';
import { ArrowRightIcon, MapIcon, PlusIcon, SearchIcon, ZapIcon } from 'lucide-react';
import { Suspense, useCallback, useState } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';
import { forgetCarousel, recallCarousel } from '../../components/home/carousel-memory';
import { HomeListings } from '../../components/home/home-listings';
import {
  LISTING_TYPE_OF_SECTION,
  countsQueryInput,
  listingsQueryInput,
  readHomeSearch,
} from '../../components/home/home-search';
import type { HomeSection, HomeSort } from '../../components/home/home-search';
import { HomeStats } from '../../components/home/home-stats';
import { ListingFilters } from '../../components/home/listing-filters';
import { LocationBar } from '../../components/location/location-bar';
import { SectionTabs, sectionPanelId, sectionTabId } from '../../components/home/section-tabs';
import { BelowTheFold } from '../../components/layout/below-the-fold';
import { HeroBanner } from '../../components/layout/hero-banner';
import { PageContainer } from '../../components/layout/page';
import { useCurrentUser } from '../../lib/session';
import { batchSent, useTRPC } from '../../lib/trpc';
import { readViewerLocation, useViewerLocation } from '../../lib/viewer-location';

// Only a neighbour who has not confirmed their address downloads the banner and its texts.
const VerifyEmailBanner = lazyPiece(() => import('../../components/account/verify-email-banner'));
// Needed once there is a search to save, which a first visit does not have.
const SaveSearch = lazyPiece(() => import('../../components/saved-searches/save-search'));

export const Route = createFileRoute('/_authenticated/home')({
  // The page and its data request in one file: it is fetched early (with the session check), and
  // the request can go out the moment the guards pass.
  codeSplitGroupings: [['loader', 'component']],
  head: () => ({ meta: [{ title: 'Browse · YardSale' }] }),
  validateSearch: readHomeSearch,
  // Coming back after opening a listing from a carousel: reopen the tab it was on.
  beforeLoad: ({ search, preload }) => {
    if (preload || search.section) return;
    const memory = recallCarousel();
    if (memory) {
      throw redirect({
        to: '/home',
        search: { ...search, section: memory.section },
        replace: true,
      });
    }
  },
  loaderDeps: ({ search }) => ({
    section: search.section ?? 'items',
    search: search.q,
    category: search.category,
    sort: search.sort,
  }),
  // Everything starts loading with the route; the page shows skeletons until it lands and the
  // sections report a failure themselves. Nothing is awaited: a batch answers only when its
  // slowest call does, so waiting on the counts would also wait on the listings.
  loader: async ({ context: { queryClient, trpc }, deps }) => {
    void queryClient.query(trpc.listings.stats.queryOptions()).catch(() => undefined);
    // Every card's bookmark reads the saved list: asked with the listings, it is there when the
    // cards are drawn, instead of arriving after them and redrawing every card.
    void queryClient.query(trpc.saved.list.queryOptions()).catch(() => undefined);
    const filters = { ...deps, nearby: readViewerLocation() };
    // Both tabs' counts for this search, so an empty tab can point to the other one.
    void queryClient
      .query(trpc.listings.counts.queryOptions(countsQueryInput(filters)))
      .catch(() => undefined);
    void queryClient
      .infiniteQuery(
        trpc.listings.list.infiniteQueryOptions(listingsQueryInput(deps.section, filters), {
          getNextPageParam: (page) => page.nextCursor,
        }),
      )
      .catch(() => undefined);
    await batchSent();
  },
  component: HomePage,
});

function HomePage() {
  const user = useCurrentUser();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // Where a carousel was when a listing was opened from it; read once, cleared once used.
  const [memory, setMemory] = useState(recallCarousel);
  const section: HomeSection = search.section ?? 'items';
  const { location } = useViewerLocation();
  const filters = {
    search: search.q,
    category: search.category,
    nearby: location,
    sort: search.sort,
  };
  const trpc = useTRPC();
  const { data: countsData } = useQuery(
    trpc.listings.counts.queryOptions(countsQueryInput(filters)),
  );
  const counts = countsData
    ? { items: countsData.singleItems, sales: countsData.garageSales }
    : undefined;

  const forget = useCallback(() => {
    forgetCarousel();
    setMemory(null);
  }, []);

  // The address changes in place: no new history entry, and the page does not jump to the top.
  const update = useCallback(
    (next: { section?: HomeSection; q?: string; category?: Category; sort?: HomeSort }) => {
      forget();
      void navigate({
        search: (previous) => ({ ...previous, ...next }),
        replace: true,
        resetScroll: false,
      });
    },
    [navigate, forget],
  );
  const onSearchChange = useCallback((q: string) => update({ q: q || undefined }), [update]);
  const onCategoryChange = useCallback(
    (category: Category | undefined) => update({ category }),
    [update],
  );

  const scrollToSearch = () => {
    const card = document.getElementById('home-search');
    card?.scrollIntoView({ block: 'start' });
    document.getElementById('home-search-input')?.focus({ preventScroll: true });
  };

  return (
    // Slim hero, stats and search, so listings reach the first screen: a whole card on a phone, a
    // whole row on a laptop (docs/decisions/093).
    <PageContainer width="wide" tight className="flex flex-col gap-2 sm:gap-4">
      <HeroBanner
        compact
        variant="welcome"
        headingId="home-heading"
        eyebrow={`Hi ${user.firstName}`}
        title="Find treasures nearby"
        description="Garage sales and single items from people who live nearby. Clearing out? Post a listing in a couple of minutes."
        primary={{ label: 'Start Browsing', icon: SearchIcon, onClick: scrollToSearch }}
        links={[
          { to: '/create-listing', label: 'Post Listing', icon: PlusIcon },
          { to: '/current', label: 'Live Sales', icon: ZapIcon },
          { to: '/map', label: 'Map', icon: MapIcon },
        ]}
      />

      {user.emailVerified ? null : (
        <Suspense fallback={null}>
          <VerifyEmailBanner />
        </Suspense>
      )}

      <BelowTheFold placeholder={<div className="min-h-dvh" />}>
        <div className="grid gap-2 sm:gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-stretch">
          <HomeStats />

          <ListingFilters
            search={search.q}
            category={search.category}
            onSearchChange={onSearchChange}
            onCategoryChange={onCategoryChange}
            footer={
              // Worth saving once it narrows things down: words, a category or a place.
              search.q || search.category || location ? (
                <Suspense fallback={null}>
                  <SaveSearch
                    search={search.q}
                    category={search.category}
                    listingType={LISTING_TYPE_OF_SECTION[section]}
                  />
                </Suspense>
              ) : null
            }
          />
        </div>

        <div className="flex flex-col gap-3 sm:gap-4">
          <div className="flex flex-wrap items-center gap-2 sm:gap-3">
            <SectionTabs
              section={section}
              counts={counts}
              onChange={(next) => update({ section: next })}
            />
            <LocationBar
              compact
              sort={search.sort ?? 'newest'}
              onSortChange={(sort) => update({ sort: sort === 'newest' ? undefined : sort })}
            />
            {section === 'sales' ? (
              <Link
                to="/current"
                className="inline-flex w-full items-center gap-1.5 rounded-md text-sm font-semibold text-primary hover:text-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:w-auto"
              >
                <ZapIcon aria-hidden="true" className="size-4" />
                What’s on today and this weekend
                <ArrowRightIcon aria-hidden="true" className="size-4" />
              </Link>
            ) : null}
          </div>
          <div role="tabpanel" id={sectionPanelId} aria-labelledby={sectionTabId(section)}>
            <BelowTheFold placeholder={<div className="min-h-dvh" />}>
              <HomeListings
                key={section}
                section={section}
                filters={filters}
                otherTabCount={counts?.[section === 'items' ? 'sales' : 'items']}
                onShowOtherTab={() => update({ section: section === 'items' ? 'sales' : 'items' })}
                restore={memory?.section === section ? memory : null}
                onRestored={forget}
                onSeeCategory={(category) => {
                  onCategoryChange(category);
                  document.getElementById('home-search')?.scrollIntoView({ block: 'start' });
                }}
              />
            </BelowTheFold>
          </div>
        </div>
      </BelowTheFold>
    </PageContainer>
  );
}
