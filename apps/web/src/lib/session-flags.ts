/**
 * Flags kept for the browser tab only (spec section 3). Storage can be unavailable (private
 * modes, blocked storage); a flag that cannot be kept is simply absent.
 */
const FROM_CREATE_LISTING = 'fromCreateListing';

/** Set right after a listing is created, before its page opens. */
export function markFromCreateListing(): void {
  try {
    sessionStorage.setItem(FROM_CREATE_LISTING, 'true');
  } catch {
    // Storage refused: nothing depends on the flag being there.
  }
}

/** Reads the flag once and clears it, so it describes only the next screen. */
export function takeFromCreateListing(): boolean {
  try {
    const value = sessionStorage.getItem(FROM_CREATE_LISTING);
    sessionStorage.removeItem(FROM_CREATE_LISTING);
    return value === 'true';
  } catch {
    return false;
  }
}
