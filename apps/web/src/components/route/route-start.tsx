import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Label } from '@yardsale/ui';
import { LocateFixedIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';

import { useTRPC } from '../../lib/trpc';
import { geolocationErrorText, LOCATION_TEXTS } from '../location/location-texts';

export interface RouteStart {
  latitude: number;
  longitude: number;
  label: string;
}

/** Where the drive starts: the device's position, or a ZIP or town (placed on our server). */
export function RouteStartPicker({
  start,
  onChange,
}: {
  start: RouteStart | null;
  onChange: (start: RouteStart) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [place, setPlace] = useState('');
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
        onChange({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          label: 'your location',
        });
      },
      (error) => {
        setBusy(null);
        setProblem(geolocationErrorText(error.code));
      },
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
      onChange({ latitude: found.latitude, longitude: found.longitude, label: found.label });
      setPlace('');
    } catch {
      setProblem(LOCATION_TEXTS.placeFailed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="grid gap-3">
      <p className="text-sm">
        <span className="text-muted-foreground">Starting from </span>
        <strong className="font-semibold" data-testid="route-start">
          {start ? start.label : 'nowhere yet'}
        </strong>
      </p>
      <Button
        type="button"
        variant="outline"
        onClick={useDevice}
        loading={busy === 'device'}
        disabled={busy !== null}
      >
        <LocateFixedIcon aria-hidden="true" />
        Use my location
      </Button>
      <form onSubmit={(event) => void findPlace(event)} className="grid gap-2" noValidate>
        <Label htmlFor="route-start-place">Or start from a ZIP or town</Label>
        <div className="flex gap-2">
          <Input
            id="route-start-place"
            value={place}
            onChange={(event) => setPlace(event.target.value)}
            placeholder="53703 or Madison, WI"
            autoComplete="postal-code"
            maxLength={100}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'route-start-problem' : undefined}
            className="min-w-0 grow"
          />
          <Button
            type="submit"
            variant="secondary"
            loading={busy === 'place'}
            disabled={busy !== null}
          >
            <SearchIcon aria-hidden="true" />
            Set start
          </Button>
        </div>
        {problem ? (
          <p id="route-start-problem" role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </form>
    </div>
  );
}
