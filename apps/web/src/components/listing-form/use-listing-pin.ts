import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { useTRPC } from '../../lib/trpc';
import type { ListingDetail } from '../../lib/upload';
import type { LatLng, ListingPin } from './location-pin-field';

/** The address settles this long after the field is left before it is looked up. */
const LOOKUP_DEBOUNCE_MS = 400;
/** The gazetteer reads the ZIP code or "Town, ST", which end an address. */
const LOOKUP_MAX_CHARS = 100;

function initialPin(listing: ListingDetail | null): ListingPin {
  const location = listing?.location ?? null;
  return {
    point: location ? { latitude: location.latitude, longitude: location.longitude } : null,
    // A point the seller placed before is theirs, and is sent again with every save.
    placedBySeller: location !== null && !location.approximate,
    // A saved listing without a point: its address was not found when it was last saved.
    notFound: listing !== null && location === null,
  };
}

/**
 * The listing's pin: it starts at the address's ZIP or town (looked up when the address field is
 * left) and follows the address until the seller drags it. Only a dragged pin is sent; otherwise
 * the server places the address itself.
 */
export function useListingPin(listing: ListingDetail | null) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [pin, setPin] = useState(() => initialPin(listing));
  const lastLookedUp = useRef(listing?.address.trim() ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const lookUp = useCallback(
    async (address: string) => {
      const query = address.slice(-LOOKUP_MAX_CHARS).trim();
      try {
        const place = await queryClient.query(trpc.geo.lookup.queryOptions({ query }));
        // A later address may have been looked up meanwhile: only the latest one moves the pin.
        if (lastLookedUp.current !== address) return;
        setPin((current) => {
          if (current.placedBySeller) return current;
          if (place === null) return { point: null, placedBySeller: false, notFound: true };
          return {
            point: { latitude: place.latitude, longitude: place.longitude },
            placedBySeller: false,
            notFound: false,
          };
        });
      } catch {
        // Offline or refused: the pin stays; the server places the address when it is saved.
      }
    },
    [queryClient, trpc],
  );

  /** The address field was left. */
  const onAddressLeft = useCallback(
    (value: string) => {
      const address = value.trim();
      if (timer.current) clearTimeout(timer.current);
      if (address === lastLookedUp.current || address.length < 3) return;
      timer.current = setTimeout(() => {
        lastLookedUp.current = address;
        // A new address moves a pin the seller placed for the old one back to the new place.
        setPin((current) => ({ ...current, placedBySeller: false }));
        void lookUp(address);
      }, LOOKUP_DEBOUNCE_MS);
    },
    [lookUp],
  );

  const onMove = useCallback((point: LatLng) => {
    setPin({ point, placedBySeller: true, notFound: false });
  }, []);

  const onReset = useCallback(() => {
    setPin((current) => ({ ...current, placedBySeller: false }));
    if (lastLookedUp.current) void lookUp(lastLookedUp.current);
  }, [lookUp]);

  /** What the form sends as `location`: the seller's own point, or nothing. */
  const location: LatLng | null = pin.placedBySeller ? pin.point : null;

  return { pin, onAddressLeft, onMove, onReset, location };
}
