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
  options: {
    initialPlace?: string;
    clearOnFound?: boolean;
    /** When a bare town name fits several towns, offer them (`choices`) rather than take the largest. */
    offerChoices?: boolean;
  } = {},
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [place, setPlace] = useState(options.initialPlace ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'device' | 'place' | null>(null);
  const [choices, setChoices] = useState<FoundPlace[] | null>(null);

  const found = (place: FoundPlace) => {
    setChoices(null);
    onFound(place);
    if (options.clearOnFound) setPlace('');
  };

  const useDevice = () => {
    setProblem(null);
    setChoices(null);
    if (!('geolocation' in navigator)) {
      setProblem(geolocationErrorText(null));
      return;
    }
    setBusy('device');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setBusy(null);
        found({
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
    setChoices(null);
    if (!query) {
      setProblem(LOCATION_TEXTS.placeEmpty);
      return;
    }
    setBusy('place');
    try {
      const answer = await queryClient.query(trpc.geo.lookup.queryOptions({ query }));
      if (answer === null) {
        setProblem(LOCATION_TEXTS.placeNotFound);
        return;
      }
      const places = [answer, ...answer.others].map((item): FoundPlace => ({
        latitude: item.latitude,
        longitude: item.longitude,
        label: item.label,
        source: 'place',
      }));
      if (options.offerChoices && places.length > 1) setChoices(places);
      else if (places[0]) found(places[0]);
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
    setChoices(null);
  };

  return { place, setPlace, problem, busy, choices, choose: found, useDevice, findPlace, reset };
}
