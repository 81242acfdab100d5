import { Button, cn } from '@yardsale/ui';
import { CAROUSEL } from '@yardsale/validators';
import type { ListingSummary } from '@yardsale/validators';
import type { LucideIcon } from 'lucide-react';
import { ChevronLeftIcon, ChevronRightIcon, HandIcon } from 'lucide-react';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';

import { ListingCard, ListingCardSkeleton } from '../listings/listing-card';
import { LISTING_TEXTS } from '../listings/listing-texts';
import { CAROUSEL_STEP_PX, useCarouselSnap } from './use-carousel-snap';

export interface ListingCarouselProps {
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
}

const cardStyle = { width: CAROUSEL.cardWidthPx } as const;

/** A titled, horizontally scrolling row of listing cards. */
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
}: ListingCarouselProps) {
  // Cards are drawn in a background render that gives way to the browser every few milliseconds:
  // a dozen arriving at once would otherwise hold the page still while they render.
  const listings = useDeferredValue(arrived);
  const headingId = useId();
  const scrollerRef = useRef<HTMLUListElement>(null);
  const endRef = useRef<HTMLLIElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  useCarouselSnap(scrollerRef);

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
    const resize = new ResizeObserver(measureEdges);
    resize.observe(scroller);
    scroller.addEventListener('scroll', measureEdges, { passive: true });
    return () => {
      resize.disconnect();
      scroller.removeEventListener('scroll', measureEdges);
    };
  }, [measureEdges, listings?.length, hasMore]);

  // Load the next page when the placeholder card at the end comes within a card of the screen.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const end = endRef.current;
    if (!scroller || !end || !hasMore || !onReachEnd) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReachEnd();
      },
      { root: scroller, rootMargin: `0px ${CAROUSEL.cardWidthPx}px 0px 0px` },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasMore, onReachEnd, listings?.length]);

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

  const scrollByPage = (direction: 1 | -1) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const cardsInView = Math.max(1, Math.floor(scroller.clientWidth / CAROUSEL_STEP_PX));
    scroller.scrollBy({ left: direction * cardsInView * CAROUSEL_STEP_PX, behavior: 'smooth' });
  };

  const loading = listings === undefined;
  const count = listings?.length ?? 0;
  // Two cards always overflow a phone; on a wide screen they may all fit, and then there is nothing to swipe to.
  const overflows = !(edges.atStart && edges.atEnd);
  const showHint = count > 1 && overflows;

  return (
    <section aria-labelledby={headingId} aria-busy={loading} className="flex flex-col gap-3">
      <div className="flex items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2
            id={headingId}
            className="flex items-center gap-2 font-display text-lg font-semibold tracking-tight sm:text-xl"
          >
            {Icon ? <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" /> : null}
            <span className="truncate">{title}</span>
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
          {showHint ? (
            <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <HandIcon aria-hidden="true" className="size-3.5" />
              {LISTING_TEXTS.swipeHint}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {action}
          {showHint ? (
            <div className="hidden gap-1.5 sm:flex">
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-9! rounded-full!"
                aria-label={`Scroll ${title} back`}
                disabled={edges.atStart}
                onClick={() => scrollByPage(-1)}
              >
                <ChevronLeftIcon aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="outline"
                size="icon"
                className="size-9! rounded-full!"
                aria-label={`Scroll ${title} forward`}
                disabled={edges.atEnd}
                onClick={() => scrollByPage(1)}
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
          '-mx-4 flex overflow-x-auto overscroll-x-contain px-4 pt-1 pb-4 sm:-mx-6 sm:px-6',
          '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        )}
        style={{ gap: CAROUSEL.gapPx, scrollPaddingInline: 0 }}
      >
        {loading
          ? Array.from({ length: CAROUSEL.skeletonCount }, (_, index) => (
              <li key={index} className="shrink-0" style={cardStyle}>
                <ListingCardSkeleton />
              </li>
            ))
          : listings.map((listing) => (
              <li key={listing.id} className="shrink-0" style={cardStyle}>
                <ListingCard
                  listing={listing}
                  onOpen={() => onOpenListing?.(scrollerRef.current?.scrollLeft ?? 0)}
                />
              </li>
            ))}
        {!loading && hasMore ? (
          <li ref={endRef} className="shrink-0" style={cardStyle}>
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
