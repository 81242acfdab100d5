import { Button, cn } from '@yardsale/ui';
import { CAROUSEL } from '@yardsale/validators';
import type { ListingSummary } from '@yardsale/validators';
import type { LucideIcon } from 'lucide-react';
import { ChevronLeftIcon, ChevronRightIcon, HandIcon } from 'lucide-react';
import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { CSSProperties, FocusEvent, ReactNode } from 'react';
import { flushSync } from 'react-dom';

import { ListingCard, ListingCardSkeleton } from '../listings/listing-card';
import { LISTING_TEXTS } from '../listings/listing-texts';
import { LOAD_AHEAD_PX } from './home-search';
import { CAROUSEL_STEP_PX, prefersReducedMotion, useCarouselSnap } from './use-carousel-snap';

/** Room kept between a focused card and the row's edge, for its focus ring (2 px ring, 2 px offset). */
const FOCUS_ROOM_PX = 8;

interface ListingCarouselProps {
  title: string;
  icon?: LucideIcon;
  description?: ReactNode;
  /** Undefined while the first page loads. */
  listings: readonly ListingSummary[] | undefined;
  /** More pages wait on the server; they load as the carousel nears its end. */
  hasMore?: boolean;
  onReachEnd?: () => void;
  /** A horizontal position to return to once the cards are there. */
  restoreScrollLeft?: number;
  onRestored?: () => void;
  /** Called with the carousel's position as one of its listings is opened. */
  onOpenListing?: (scrollLeft: number) => void;
  /** Beside the arrows, e.g. a link to see the whole category. */
  action?: ReactNode;
  /**
   * On wide screens (lg and up) inside the home grid: `results` lays every card on the grid and
   * pages down the screen; a `row` stays a carousel, or takes only the columns its cards fill
   * when they are fewer than a row (docs/decisions/040).
   */
  layout?: 'row' | 'results';
}

/**
 * The card width lives in one place (320 px, docs/product/rules.md#limits-and-timings); wide-screen
 * rows and grids override it. The scroll padding keeps a card that keyboard focus scrolls into view
 * clear of the row's edge, so its focus ring is not cut off.
 */
const listStyle = {
  '--card-width': `${CAROUSEL.cardWidthPx}px`,
  columnGap: CAROUSEL.gapPx,
  scrollPaddingInline: FOCUS_ROOM_PX,
} as CSSProperties;

/** The section, its list and each card on wide screens; the same on every screen below lg. */
interface WideLayout {
  section: string;
  list: string;
  card: string;
}

// A grid section shares the home grid's columns (subgrid), so cards line up from row to row, and
// its cards stretch to the tallest in the row.
const SUBGRID = 'lg:grid lg:grid-cols-subgrid lg:grid-rows-[auto_1fr]';
const RESULTS: WideLayout = {
  section: `lg:col-span-full ${SUBGRID}`,
  list: 'lg:col-span-full lg:grid lg:grid-cols-subgrid lg:mx-0 lg:overflow-visible lg:px-0',
  card: 'lg:w-auto',
};
/**
 * Every row takes the whole width, with the spec's 320 px cards, one line per row: no row shares a
 * line with another, so rows do not end at uneven points (docs/decisions/093).
 */
const FULL_ROW: WideLayout = { section: 'lg:col-span-full', list: '', card: '' };

function wideLayout(layout: 'row' | 'results'): WideLayout {
  return layout === 'results' ? RESULTS : FULL_ROW;
}

/**
 * Cards drawn before the row is scrolled: a phone shows one or two, a wide screen about four. The
 * rest of the page's cards are drawn as the row nears its end, like the next page is fetched, so a
 * row nobody scrolls never builds the cards no one sees.
 */
const FIRST_CARDS_DRAWN = 4;

/** Arrows for a mouse or trackpad, the swipe hint for a finger. */
const POINTER_ONLY = 'hidden [@media(hover:hover)_and_(pointer:fine)]:flex';
const TOUCH_ONLY = 'flex [@media(hover:hover)_and_(pointer:fine)]:hidden';

/** A titled, horizontally scrolling row of listing cards; on wide screens, part of the home grid. */
export function ListingCarousel({
  title,
  icon: Icon,
  description,
  listings: arrived,
  hasMore = false,
  onReachEnd,
  restoreScrollLeft,
  onRestored,
  onOpenListing,
  action,
  layout = 'row',
}: ListingCarouselProps) {
  // Cards are drawn in a background render that gives way to the browser every few milliseconds:
  // a dozen arriving at once would otherwise hold the page still while they render.
  const listings = useDeferredValue(arrived);
  // Coming back to a remembered position draws every card, so the row can scroll back to it.
  const [drawnCount, setDrawnCount] = useState(() =>
    restoreScrollLeft === undefined ? FIRST_CARDS_DRAWN : Number.POSITIVE_INFINITY,
  );
  const moreToDraw = listings !== undefined && drawnCount < listings.length;
  // Either end of the row's reach: cards already here but not yet drawn, or the server's next page.
  const extendsFurther = moreToDraw || hasMore;
  const headingId = useId();
  const scrollerRef = useRef<HTMLUListElement>(null);
  const endRef = useRef<HTMLLIElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  // Laid out as a grid (wide screens): the next page loads as the page, not the row, scrolls.
  const [isGrid, setIsGrid] = useState(false);
  useCarouselSnap(scrollerRef);

  // One callback for every card, whatever the row's parent passes this time, so the cards
  // (memoised) are not redrawn each time the row is.
  const onOpenListingRef = useRef(onOpenListing);
  useLayoutEffect(() => {
    onOpenListingRef.current = onOpenListing;
  });
  const openListing = useCallback(
    () => onOpenListingRef.current?.(scrollerRef.current?.scrollLeft ?? 0),
    [],
  );

  const measureEdges = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const max = scroller.scrollWidth - scroller.clientWidth;
    const atStart = scroller.scrollLeft <= CAROUSEL.snapTolerancePx;
    const atEnd = scroller.scrollLeft >= max - CAROUSEL.snapTolerancePx;
    setEdges((current) =>
      current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd },
    );
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    // The observer reports the first size once layout has run: measuring here would force the
    // whole page's first layout in the middle of rendering it.
    const resize = new ResizeObserver(() => {
      measureEdges();
      setIsGrid(getComputedStyle(scroller).display === 'grid');
    });
    resize.observe(scroller);
    scroller.addEventListener('scroll', measureEdges, { passive: true });
    return () => {
      resize.disconnect();
      scroller.removeEventListener('scroll', measureEdges);
    };
  }, [measureEdges, listings?.length, drawnCount, hasMore]);

  // Draw the rest of the cards, then load the next page, when the placeholder card at the end comes
  // within a card of the row's end, or on a grid, within the look-ahead of the bottom of the screen.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const end = endRef.current;
    if (!scroller || !end || !(moreToDraw || (hasMore && onReachEnd))) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        // In a background render that gives way to the browser, as the first cards were drawn.
        if (moreToDraw) startTransition(() => setDrawnCount(Number.POSITIVE_INFINITY));
        else onReachEnd?.();
      },
      isGrid
        ? { rootMargin: `0px 0px ${LOAD_AHEAD_PX}px 0px` }
        : { root: scroller, rootMargin: `0px ${CAROUSEL.cardWidthPx}px 0px 0px` },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasMore, onReachEnd, moreToDraw, listings?.length, isGrid]);

  const restored = useRef(false);
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (restored.current || restoreScrollLeft === undefined || !scroller || !listings?.length) {
      return;
    }
    restored.current = true;
    scroller.scrollLeft = restoreScrollLeft;
    onRestored?.();
  }, [listings, restoreScrollLeft, onRestored]);

  /**
   * Keyboard focus reaching a card the row shows only in part: the row moves to a whole-card
   * position that shows it all, with room for its focus ring. The browser's own scroll would stop
   * at the card's edge, where the ring is cut off, and the snap that follows could pull the card
   * back out of view.
   */
  const revealFocusedCard = (event: FocusEvent<HTMLUListElement>) => {
    const scroller = scrollerRef.current;
    if (!scroller || !(event.target instanceof Element)) return;
    const card = event.target.closest('li');
    if (!card || card.parentElement !== scroller || isGrid) return;
    const view = scroller.getBoundingClientRect();
    const box = card.getBoundingClientRect();
    const cardLeft = box.left - view.left + scroller.scrollLeft;
    const cardRight = cardLeft + box.width;
    // Positions showing the whole card and its ring.
    const lowest = cardRight + FOCUS_ROOM_PX - scroller.clientWidth;
    const highest = cardLeft - FOCUS_ROOM_PX;
    const current = scroller.scrollLeft;
    if (current >= lowest && current <= highest) return;
    const max = scroller.scrollWidth - scroller.clientWidth;
    const wholeCards = Math.ceil(Math.max(lowest, 0) / CAROUSEL_STEP_PX) * CAROUSEL_STEP_PX;
    const target = Math.min(
      current < lowest
        ? Math.min(wholeCards, highest)
        : Math.max(Math.min(wholeCards, highest), lowest),
      max,
    );
    scroller.scrollTo({ left: target, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  const scrollByPage = (direction: 1 | -1) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    // The cards past the first few must be there before the row can scroll to them.
    if (moreToDraw) flushSync(() => setDrawnCount(Number.POSITIVE_INFINITY));
    const cardsInView = Math.max(1, Math.floor(scroller.clientWidth / CAROUSEL_STEP_PX));
    scroller.scrollBy({
      left: direction * cardsInView * CAROUSEL_STEP_PX,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  };

  const loading = listings === undefined;
  const count = listings?.length ?? 0;
  // Two cards always overflow a phone; on a wide screen they may all fit, and then there is nothing to swipe to.
  const overflows = !(edges.atStart && edges.atEnd);
  const showHint = count > 1 && overflows;
  const wide = wideLayout(layout);
  const cardClass = cn('w-(--card-width) shrink-0', wide.card);

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={loading}
      // Only the row gap: a grid's columns keep the gaps of the grid they belong to.
      className={cn('flex flex-col gap-y-3', wide.section)}
    >
      <div className="col-span-full flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2
            id={headingId}
            className="flex items-center gap-2 font-display text-base font-semibold tracking-tight sm:text-xl lg:text-lg"
          >
            {Icon ? <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" /> : null}
            <span className="truncate">{title}</span>
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {showHint ? (
            <p
              className={cn(
                'items-center gap-1.5 text-xs font-medium whitespace-nowrap text-muted-foreground',
                TOUCH_ONLY,
              )}
            >
              <HandIcon aria-hidden="true" className="size-3.5" />
              {LISTING_TEXTS.swipeHint}
            </p>
          ) : null}
          {action}
          {showHint ? (
            // Marked disabled at the ends rather than disabled outright, so a keyboard user's
            // focus stays on the arrow that reached the end.
            <div className={cn('gap-1.5', POINTER_ONLY)}>
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-9! rounded-full!"
                aria-label={LISTING_TEXTS.scrollBack(title)}
                aria-disabled={edges.atStart}
                onClick={() => {
                  if (!edges.atStart) scrollByPage(-1);
                }}
              >
                <ChevronLeftIcon aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-9! rounded-full!"
                aria-label={LISTING_TEXTS.scrollForward(title)}
                aria-disabled={edges.atEnd}
                onClick={() => {
                  if (!edges.atEnd) scrollByPage(1);
                }}
              >
                <ChevronRightIcon aria-hidden="true" />
              </Button>
            </div>
          ) : null}
        </div>
      </div>

      <ul
        ref={scrollerRef}
        className={cn(
          // Bleeds to the page edge on phones so the next card peeks in, inviting a swipe.
          '-mx-4 flex gap-y-6 overflow-x-auto overscroll-x-contain px-4 pt-1 pb-4 sm:-mx-6 sm:px-6',
          '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          wide.list,
        )}
        style={listStyle}
        onFocus={revealFocusedCard}
      >
        {loading
          ? Array.from({ length: CAROUSEL.skeletonCount }, (_, index) => (
              <li key={index} className={cardClass}>
                <ListingCardSkeleton />
              </li>
            ))
          : listings.slice(0, drawnCount).map((listing) => (
              <li key={listing.id} className={cardClass}>
                <ListingCard listing={listing} typeBadge={false} onOpen={openListing} />
              </li>
            ))}
        {!loading && extendsFurther ? (
          <li ref={endRef} className={cardClass}>
            <ListingCardSkeleton />
          </li>
        ) : null}
      </ul>
      {loading ? (
        <span className="sr-only" role="status">
          Loading listings
        </span>
      ) : null}
    </section>
  );
}
