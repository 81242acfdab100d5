import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  cn,
} from '@yardsale/ui';
import { CircleAlertIcon, LocateFixedIcon, MapPinIcon, SearchIcon } from 'lucide-react';
import { useState } from 'react';
import type { RefObject } from 'react';

import { DEFAULT_RADIUS_MILES, RADIUS_CHOICES, useViewerLocation } from '../../lib/viewer-location';
import { LOCATION_TEXTS as T } from './location-texts';
import { usePlaceFinder } from './use-place-finder';

/**
 * The location picker (loaded when first wanted, so the home page does not carry it). The device's
 * position is asked for only when "Use my location" is pressed.
 */
export default function LocationDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus goes back there on closing: the dialog is opened from code, not by a Radix trigger. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <LocationPicker onDone={() => onOpenChange(false)} returnFocusTo={returnFocusTo} />
      ) : null}
    </Dialog>
  );
}

function LocationPicker({
  onDone,
  returnFocusTo,
}: {
  onDone: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { location, setLocation } = useViewerLocation();
  const radiusMiles = location?.radiusMiles ?? DEFAULT_RADIUS_MILES;
  const [radius, setRadius] = useState(radiusMiles);
  const { place, setPlace, problem, busy, choices, choose, useDevice, findPlace, reset } =
    usePlaceFinder(
      (found) => {
        setLocation({ ...found, radiusMiles: radius });
        onDone();
      },
      { initialPlace: location?.source === 'place' ? location.label : '', offerChoices: true },
    );

  const chooseRadius = (miles: number) => {
    setRadius(miles);
    // With a place already set, the new distance applies at once.
    if (location) setLocation({ ...location, radiusMiles: miles });
  };

  return (
    <DialogContent
      width="md"
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo.current?.focus();
      }}
    >
      <DialogHeader>
        <DialogTitle>{T.dialogTitle}</DialogTitle>
        <DialogDescription>{T.dialogDescription}</DialogDescription>
      </DialogHeader>

      <div className="grid gap-5">
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={busy !== null}
          onClick={useDevice}
        >
          <LocateFixedIcon aria-hidden="true" />
          {busy === 'device' ? T.locating : T.useMyLocation}
        </Button>

        <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <span className="h-px flex-1 bg-border" />
          or
          <span className="h-px flex-1 bg-border" />
        </div>

        <form
          onSubmit={(event) => void findPlace(event)}
          noValidate
          className="grid gap-2"
          aria-label={T.placeFormLabel}
        >
          <div className="flex items-end gap-2">
            <FormField id="location-place" label={T.placeLabel} className="min-w-0 flex-1">
              <Input
                value={place}
                onChange={(event) => setPlace(event.target.value)}
                aria-describedby="location-place-hint"
                autoComplete="postal-code"
                maxLength={100}
                enterKeyHint="search"
              />
            </FormField>
            <Button type="submit" disabled={busy !== null}>
              <SearchIcon aria-hidden="true" />
              {T.placeSubmit}
            </Button>
          </div>
          {/* Under the field, where it wraps: a placeholder was cut off on a phone. */}
          <p id="location-place-hint" className="text-sm text-muted-foreground">
            {T.placeHint}
          </p>
        </form>

        {choices ? (
          <div role="group" aria-labelledby="location-choices" className="grid gap-2">
            <p id="location-choices" className="text-sm font-medium">
              {T.placeChoices(place.trim().replace(/[\s,]+$/, ''))}
            </p>
            <ul className="grid grid-cols-2 gap-1.5">
              {choices.map((choice) => (
                <li key={choice.label}>
                  <Button
                    type="button"
                    variant="outline"
                    className="w-full justify-start"
                    onClick={() => choose(choice)}
                  >
                    <MapPinIcon aria-hidden="true" />
                    {choice.label}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {problem ? (
          <p
            role="alert"
            className="flex gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-900"
          >
            <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {problem}
          </p>
        ) : null}

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{T.radiusLabel}</legend>
          <div className="grid grid-cols-5 gap-1.5">
            {RADIUS_CHOICES.map((miles) => (
              <label
                key={miles}
                className={cn(
                  'flex h-10 cursor-pointer items-center justify-center rounded-lg border text-sm font-medium transition-colors',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
                  miles === radius
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'bg-background hover:bg-muted',
                )}
              >
                <input
                  type="radio"
                  name="location-radius"
                  value={miles}
                  checked={miles === radius}
                  onChange={() => chooseRadius(miles)}
                  className="sr-only"
                />
                {miles} mi
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <DialogFooter>
        {location ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setLocation(null);
              reset();
            }}
          >
            {T.clear}
          </Button>
        ) : null}
        <Button type="button" variant={location ? 'default' : 'outline'} onClick={onDone}>
          {T.done}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
