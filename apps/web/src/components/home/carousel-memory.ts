import { z } from 'zod';

import { HOME_SECTIONS } from './home-search';

/*
 * Spec section 2: opening a listing from a home carousel remembers that carousel's horizontal
 * position and the section; coming back to home puts it back and forgets it. Session storage keeps
 * it to this tab and this visit.
 */
const STORAGE_KEY = 'yardsale:home-carousel';

const memorySchema = z.object({
  section: z.enum(HOME_SECTIONS),
  carouselId: z.string(),
  scrollLeft: z.number().nonnegative(),
});
export type CarouselMemory = z.infer<typeof memorySchema>;

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
    const parsed = memorySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
