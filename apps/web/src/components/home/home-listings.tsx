import { useInfiniteQuery, useIsFetching } from '@tanstack/react-query';
import { Button, EmptyState } from '@yardsale/ui';
import { CATEGORIES } from '@yardsale/validators';
import type { Category } from '@yardsale/validators';
import { ChevronRightIcon, RefreshCwIcon, SparklesIcon } from 'lucide-react';
import {
  Suspense,
  lazy,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

import { useTRPC } from '../../lib/trpc';
import { rememberCarousel } from './carousel-memory';
import type { CarouselMemory } from './carousel-memory';
import { LOAD_AHEAD_PX, listingsQueryInput } from './home-search';
import type { HomeFilters, HomeSection } from './home-search';
import { ListingCarousel } from './listing-carousel';

// Only a tab with nothing to show needs the empty states: a first visit seldom does.
const NoListings = lazy(() => import('./no-listings'));

interface CarouselPlace {
  section: HomeSection;
  /** The viewer's location and order, which the category rows follow too. */
  nearby: Pick<HomeFilters, 'nearby' | 'sort'>;
  /** The remembered position, when it belongs to this section. */
  restore: CarouselMemory | null;
  onRestored: () => void;
}

/** One carousel paged from the server: the newest, the results of a search, or one category. */
function usePagedListings(section: HomeSection, filters: HomeFilters) {
  const trpc = useTRPC();
  const query = useInfiniteQuery(
    trpc.listings.list.infiniteQueryOptions(listingsQueryInput(section, filters), {
      getNextPageParam: (page) => page.nextCursor,
    }),
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // A page arriving from the server is drawn at once, in one piece that the page cannot
  // interrupt; the rows it brings wait for a background render that gives way to the browser.
  const deferred = useDeferredValue(query.data);
  // Only more pages of the same listings wait; another search or category never shows the last
  // one's listings under its title, even for a moment.
  const data =
    deferred === undefined || deferred.pages[0] === query.data?.pages[0] ? deferred : query.data;
  const listings = useMemo(() => data?.pages.flatMap((page) => page.items), [data]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { query, listings, loadMore };
}

function placeProps(place: CarouselPlace, carouselId: string) {
  const restore = place.restore?.carouselId === carouselId ? place.restore : null;
  return {
    restoreScrollLeft: restore?.scrollLeft,
    onRestored: restore ? place.onRestored : undefined,
    onOpenListing: (scrollLeft: number) =>
      rememberCarousel({ section: place.section, carouselId, scrollLeft }),
  };
}

function resultsTitle(section: HomeSection, filters: HomeFilters): string {
  const search = filters.search?.trim();
  if (search && filters.category) return `Results for “${search}” in ${filters.category}`;
  if (search) return `Results for “${search}”`;
  if (filters.category) return filters.category;
  const order = filters.nearby && filters.sort === 'distance' ? 'Nearest' : 'Newest';
  return section === 'items' ? `${order} Single Items` : `${order} Garage Sales`;
}

interface HomeListingsProps extends Omit<CarouselPlace, 'nearby'> {
  filters: HomeFilters;
  onSeeCategory: (category: Category) => void;
  /** How many listings the same search finds in the other tab, once known. */
  otherTabCount?: number;
  onShowOtherTab: () => void;
}

/**
 * The selected tab's carousels. With a search or a category: one carousel of what matches (a grid
 * on wide screens). Without: the newest listings, then one carousel per category that has any
 * (docs/decisions/009 and 040).
 */
export function HomeListings({
  section,
  filters,
  onSeeCategory,
  otherTabCount,
  onShowOtherTab,
  ...place
}: HomeListingsProps) {
  const filtered = Boolean(filters.search?.trim()) || filters.category !== undefined;
  const { query, listings, loadMore } = usePagedListings(section, filters);
  const carouselPlace = {
    section,
    nearby: { nearby: filters.nearby, sort: filters.sort },
    ...place,
  };

  if (query.isError) {
    return (
      <EmptyState
        titleAs="h2"
        icon={<RefreshCwIcon />}
        title="We couldn't load listings"
        description="Check your connection and try again."
        action={
          <Button type="button" onClick={() => void query.refetch()}>
            <RefreshCwIcon aria-hidden="true" />
            Try again
          </Button>
        }
      />
    );
  }

  if (listings?.length === 0) {
    const narrowed = filtered || Boolean(filters.nearby);
    return (
      <Suspense fallback={null}>
        <NoListings
          section={section}
          filtered={narrowed}
          search={filters.search?.trim()}
          otherTabCount={narrowed ? otherTabCount : undefined}
          onShowOtherTab={onShowOtherTab}
        />
      </Suspense>
    );
  }

  const mainId = filtered ? 'results' : 'newest';
  return (
    // Carousels one under another; on wide screens a grid of four or five columns that results
    // fill and small rows share (docs/decisions/040).
    <div className="flex flex-col gap-8 sm:gap-10 lg:grid lg:grid-cols-4 lg:gap-x-4 xl:grid-cols-5">
      <ListingCarousel
        title={resultsTitle(section, filters)}
        icon={filtered ? undefined : SparklesIcon}
        layout={filtered ? 'results' : 'row'}
        listings={listings}
        hasMore={query.hasNextPage}
        onReachEnd={loadMore}
        {...placeProps(carouselPlace, mainId)}
      />
      {filtered || listings === undefined ? null : (
        <CategoryCarousels place={carouselPlace} onSeeCategory={onSeeCategory} />
      )}
    </div>
  );
}

/** Categories added at a time as the page nears the last one shown. */
const CATEGORY_STEP = 2;
/**
 * How many categories each tab had shown, for this visit: coming back to the page shows as many
 * again, so the browser can put the page back where it was.
 */
const categoriesShown = new Map<HomeSection, number>();

/**
 * One carousel per category, added as the page is scrolled towards them: a first visit fetches and
 * draws only the rows near the screen, not all of them at once.
 */
function CategoryCarousels({
  place,
  onSeeCategory,
}: {
  place: CarouselPlace;
  onSeeCategory: (category: Category) => void;
}) {
  const trpc = useTRPC();
  const remembered = place.restore?.carouselId.startsWith('category:')
    ? CATEGORIES.findIndex((category) => `category:${category}` === place.restore?.carouselId) + 1
    : 0;
  const [shown, setShown] = useState(() =>
    Math.max(categoriesShown.get(place.section) ?? 0, remembered),
  );
  // Rows still loading take no room, so the marker would look near while they load; wait for them.
  const fetching = useIsFetching({ queryKey: trpc.listings.list.infiniteQueryKey() }) > 0;
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    categoriesShown.set(place.section, shown);
  }, [place.section, shown]);

  useEffect(() => {
    const end = endRef.current;
    if (!end || fetching || shown >= CATEGORIES.length) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setShown((count) => Math.min(count + CATEGORY_STEP, CATEGORIES.length));
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [fetching, shown]);

  return (
    <>
      {CATEGORIES.slice(0, shown).map((category) => (
        <CategoryCarousel
          key={category}
          category={category}
          place={place}
          onSeeAll={() => onSeeCategory(category)}
        />
      ))}
      {shown < CATEGORIES.length ? (
        <div ref={endRef} aria-hidden="true" className="col-span-full" />
      ) : null}
    </>
  );
}

/** A category's own carousel; left out while it loads and when the category has nothing here. */
function CategoryCarousel({
  category,
  place,
  onSeeAll,
}: {
  category: Category;
  place: CarouselPlace;
  onSeeAll: () => void;
}) {
  const { listings, query, loadMore } = usePagedListings(place.section, {
    category,
    ...place.nearby,
  });
  if (!listings?.length) return null;
  return (
    <ListingCarousel
      title={category}
      listings={listings}
      hasMore={query.hasNextPage}
      onReachEnd={loadMore}
      action={
        <Button type="button" variant="link" size="sm" onClick={onSeeAll}>
          See all
          <span className="sr-only"> in {category}</span>
          {/* Wide screens leave the title of a one-card row the room. */}
          <ChevronRightIcon aria-hidden="true" className="lg:hidden" />
        </Button>
      }
      {...placeProps(place, `category:${category}`)}
    />
  );
}
