import { CAROUSEL } from '@yardsale/validators';
import { useEffect } from 'react';
import type { RefObject } from 'react';

/** The distance from one card's start to the next one's. */
export const CAROUSEL_STEP_PX = CAROUSEL.cardWidthPx + CAROUSEL.gapPx;

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * docs/product/rules.md#limits-and-timings: once scrolling has settled for 150 ms, the carousel
 * glides to the nearest card (within 3 px it is left alone). The far end stays where it is, so the
 * last card is never pulled back out of view, and nothing moves while a finger is still on the
 * screen.
 *
 * "Settled" is the browser's scrollend where it has one: a busy phone can pause a glide's scroll
 * events for longer than 150 ms, and a snap in that pause would cut an arrow's glide short. Where
 * there is no scrollend, 150 ms without a scroll event stands in for it.
 */
export function useCarouselSnap(scrollerRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const hasScrollEnd = 'onscrollend' in window;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let touching = false;

    const snap = () => {
      if (touching) return;
      const max = scroller.scrollWidth - scroller.clientWidth;
      const left = scroller.scrollLeft;
      if (left >= max - CAROUSEL.snapTolerancePx) return;
      const target = Math.min(Math.round(left / CAROUSEL_STEP_PX) * CAROUSEL_STEP_PX, max);
      if (Math.abs(left - target) <= CAROUSEL.snapTolerancePx) return;
      scroller.scrollTo({ left: target, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    };
    const settleLater = () => {
      clearTimeout(timer);
      timer = setTimeout(snap, CAROUSEL.snapDebounceMs);
    };
    // With scrollend, a scroll only cancels a pending snap; the end of the scroll schedules it.
    const onScroll = hasScrollEnd ? () => clearTimeout(timer) : settleLater;
    const onTouchStart = () => {
      touching = true;
      clearTimeout(timer);
    };
    const onTouchEnd = () => {
      touching = false;
      // A fling that goes on after the finger lifts ends with its own scrollend.
      if (!hasScrollEnd) settleLater();
    };

    scroller.addEventListener('scroll', onScroll, { passive: true });
    if (hasScrollEnd) scroller.addEventListener('scrollend', settleLater, { passive: true });
    scroller.addEventListener('touchstart', onTouchStart, { passive: true });
    scroller.addEventListener('touchend', onTouchEnd, { passive: true });
    scroller.addEventListener('touchcancel', onTouchEnd, { passive: true });
    return () => {
      clearTimeout(timer);
      scroller.removeEventListener('scroll', onScroll);
      scroller.removeEventListener('scrollend', settleLater);
      scroller.removeEventListener('touchstart', onTouchStart);
      scroller.removeEventListener('touchend', onTouchEnd);
      scroller.removeEventListener('touchcancel', onTouchEnd);
    };
  }, [scrollerRef]);
}
