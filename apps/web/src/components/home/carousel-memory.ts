import { oneOf } from '../../lib/search-params';
import { HOME_SECTIONS } from './home-search';
import type { HomeSection } from './home-search';

/*
 * docs/product/screens.md#home: opening a listing from a home carousel remembers that carousel's
 * horizontal position and the section; coming back to home puts it back and forgets it. Session
 * storage keeps it to this tab and this visit.
 */
const STORAGE_KEY = 'yardsale:home-carousel';

export interface CarouselMemory {
  section: HomeSection;
  carouselId: string;
  scrollLeft: number;
}

/*
 * Read by hand, not with zod: the home route's guard reads it, and route guards load with the
 * first page of any visit.
 */
function readMemory(value: unknown): CarouselMemory | null {
  if (typeof value !== 'object' || value === null) return null;
  const { section, carouselId, scrollLeft } = value as Record<string, unknown>;
  const known = oneOf(HOME_SECTIONS, section);
  if (!known || typeof carouselId !== 'string') return null;
  if (typeof scrollLeft !== 'number' || !(scrollLeft >= 0)) return null;
  return { section: known, carouselId, scrollLeft };
}

export function rememberCarousel(memory: CarouselMemory) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // Storage can be full or switched off; the position is a convenience, not data.
  }
}

export function recallCarousel(): CarouselMemory | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    return readMemory(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function forgetCarousel() {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget if storage is unavailable.
  }
}
