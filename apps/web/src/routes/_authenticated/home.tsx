import { Link, createFileRoute, redirect } from '@tanstack/react-router';
import { Button } from '@yardsale/ui';
import type { Category } from '@yardsale/validators';
import { ArrowRightIcon, PlusIcon, SearchIcon, ZapIcon } from 'lucide-react';
import { useCallback, useState } from 'react';

import { forgetCarousel, recallCarousel } from '../../components/home/carousel-memory';
import { HomeListings } from '../../components/home/home-listings';
import { homeSearchSchema, listingsQueryInput } from '../../components/home/home-search';
import type { HomeSection } from '../../components/home/home-search';
import { HomeStats } from '../../components/home/home-stats';
import { ListingFilters } from '../../components/home/listing-filters';
import { SectionTabs, sectionPanelId, sectionTabId } from '../../components/home/section-tabs';
import { PageContainer } from '../../components/layout/page';
import { useCurrentUser } from '../../lib/session';

export const Route = createFileRoute('/_authenticated/home')({
  head: () => ({ meta: [{ title: 'Browse · YardSale' }] }),
  validateSearch: homeSearchSchema,
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
  }),
  // Everything starts loading with the route; the page shows skeletons until it lands and the
  // sections report a failure themselves. Nothing is awaited: a batch answers only when its
  // slowest call does, so waiting on the counts would also wait on the listings.
  loader: ({ context: { queryClient, trpc }, deps }) => {
    void queryClient.query(trpc.listings.stats.queryOptions()).catch(() => undefined);
    void queryClient
      .infiniteQuery(
        trpc.listings.list.infiniteQueryOptions(listingsQueryInput(deps.section, deps), {
          getNextPageParam: (page) => page.nextCursor,
        }),
      )
      .catch(() => undefined);
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

  const forget = useCallback(() => {
    forgetCarousel();
    setMemory(null);
  }, []);

  // The address changes in place: no new history entry, and the page does not jump to the top.
  const update = useCallback(
    (next: { section?: HomeSection; q?: string; category?: Category }) => {
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
    <PageContainer width="wide" className="flex flex-col gap-5 sm:gap-8">
      <section
        aria-labelledby="home-heading"
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-600 to-brand-700 px-5 py-7 text-primary-foreground shadow-float sm:px-10 sm:py-12"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-16 -right-10 size-64 rounded-full bg-brand-400/40 blur-2xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-28 left-1/2 size-80 rounded-full bg-amber-400/25 blur-3xl"
        />
        <div className="relative max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">
            Hi {user.firstName}
          </p>
          <h1
            id="home-heading"
            className="mt-1.5 font-display text-[1.75rem] leading-tight font-bold tracking-tight text-balance sm:mt-2 sm:text-4xl"
          >
            Find treasures in your neighbourhood
          </h1>
          <p className="mt-2 text-sm text-pretty text-brand-50/90 sm:mt-3 sm:text-lg">
            Garage sales and single items from people who live nearby. Clearing out? Post a listing
            in a couple of minutes.
          </p>
          <div className="mt-5 grid grid-cols-2 gap-3 sm:mt-6 sm:flex sm:flex-row">
            <Button
              type="button"
              size="lg"
              onClick={scrollToSearch}
              className="col-span-2 bg-card text-brand-700 hover:bg-brand-50"
            >
              <SearchIcon aria-hidden="true" />
              Start Browsing
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-white/10 px-4 text-primary-foreground hover:border-white/70 hover:bg-white/20"
            >
              <Link to="/create-listing">
                <PlusIcon aria-hidden="true" />
                Post Listing
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-white/10 px-4 text-primary-foreground hover:border-white/70 hover:bg-white/20"
            >
              <Link to="/current">
                <ZapIcon aria-hidden="true" />
                Live Sales
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <HomeStats />

      <ListingFilters
        search={search.q}
        category={search.category}
        onSearchChange={onSearchChange}
        onCategoryChange={onCategoryChange}
      />

      <div className="flex flex-col gap-5 sm:gap-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <SectionTabs section={section} onChange={(next) => update({ section: next })} />
          {section === 'sales' ? (
            <Link
              to="/current"
              className="inline-flex items-center gap-1.5 self-start rounded-md text-sm font-semibold text-primary hover:text-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:self-auto"
            >
              <ZapIcon aria-hidden="true" className="size-4" />
              What’s on today and this weekend
              <ArrowRightIcon aria-hidden="true" className="size-4" />
            </Link>
          ) : null}
        </div>
        <div role="tabpanel" id={sectionPanelId} aria-labelledby={sectionTabId(section)}>
          <HomeListings
            key={section}
            section={section}
            filters={{ search: search.q, category: search.category }}
            restore={memory?.section === section ? memory : null}
            onRestored={forget}
            onSeeCategory={(category) => {
              onCategoryChange(category);
              document.getElementById('home-search')?.scrollIntoView({ block: 'start' });
            }}
          />
        </div>
      </div>
    </PageContainer>
  );
}
