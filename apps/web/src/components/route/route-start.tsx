import { Button, Input, Label } from '@yardsale/ui';
import { LocateFixedIcon, SearchIcon } from 'lucide-react';

import { usePlaceFinder } from '../location/use-place-finder';

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
  const { place, setPlace, problem, busy, useDevice, findPlace } = usePlaceFinder(
    (found) => {
      onChange({ latitude: found.latitude, longitude: found.longitude, label: found.label });
    },
    { clearOnFound: true },
  );

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
