import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';

import { useTRPC } from '../../lib/trpc';
import { LOCATION_TEXTS, geolocationErrorText } from './location-texts';

/** A point found for the viewer, and what to call it ("your location", "53703", "Madison, WI"). */
interface FoundPlace {
  latitude: number;
  longitude: number;
  label: string;
  source: 'device' | 'place';
}

/**
 * "Use my location" and "ZIP code or town": the device's position (asked for only when called) or a
 * place looked up on our server, with what went wrong in the viewer's words.
 */
export function usePlaceFinder(
  onFound: (found: FoundPlace) => void,
  options: { initialPlace?: string; clearOnFound?: boolean } = {},
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [place, setPlace] = useState(options.initialPlace ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'device' | 'place' | null>(null);

  const useDevice = () => {
    setProblem(null);
    if (!('geolocation' in navigator)) {
      setProblem(geolocationErrorText(null));
      return;
    }
    setBusy('device');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setBusy(null);
        onFound({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          label: LOCATION_TEXTS.deviceLabel,
          source: 'device',
        });
      },
      (error) => {
        setBusy(null);
        setProblem(geolocationErrorText(error.code));
      },
      // A rough fix is enough to sort yard sales, and it comes faster.
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  };

  const findPlace = async (event: SyntheticEvent) => {
    event.preventDefault();
    const query = place.trim();
    setProblem(null);
    if (!query) {
      setProblem(LOCATION_TEXTS.placeEmpty);
      return;
    }
    setBusy('place');
    try {
      const found = await queryClient.query(trpc.geo.lookup.queryOptions({ query }));
      if (found === null) {
        setProblem(LOCATION_TEXTS.placeNotFound);
        return;
      }
      onFound({
        latitude: found.latitude,
        longitude: found.longitude,
        label: found.label,
        source: 'place',
      });
      if (options.clearOnFound) setPlace('');
    } catch {
      setProblem(LOCATION_TEXTS.placeFailed);
    } finally {
      setBusy(null);
    }
  };

  /** Empties the field and forgets what went wrong. */
  const reset = () => {
    setPlace('');
    setProblem(null);
  };

  return { place, setPlace, problem, busy, useDevice, findPlace, reset };
}
