import { Button } from '@yardsale/ui';
import { MapPinnedIcon, UndoIcon } from 'lucide-react';
import { Suspense } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';
import type { LatLng } from '../map/pin-picker';

import { LISTING_FORM_TEXTS } from './listing-form-texts';

const T = LISTING_FORM_TEXTS.whereAndWhen;

export type { LatLng };

/** The pin as the form keeps it: where it is, and whether the seller put it there. */
export interface ListingPin {
  point: LatLng | null;
  /** True once the seller dragged it (or it was theirs already): only then is it sent. */
  placedBySeller: boolean;
  /** The address could not be placed and there is no pin to show. */
  notFound: boolean;
}

// The map and its library load with this field only, never with the rest of the app.
const PinPicker = lazyPiece(() => import('../map/pin-picker'));

/** The small map with the listing's pin; the seller drags it to the driveway. */
export function LocationPinField({
  pin,
  onMove,
  onReset,
}: {
  pin: ListingPin;
  onMove: (point: LatLng) => void;
  /** Puts the pin back at the address's place (the seller's own point is then not sent). */
  onReset: (() => void) | null;
}) {
  const hint = pin.notFound
    ? T.pinNotPlaced
    : pin.point === null
      ? T.pinWaiting
      : pin.placedBySeller
        ? T.pinHintExact
        : T.pinHintApproximate;

  return (
    <div className="grid gap-2" role="group" aria-labelledby="listing-pin-label">
      <div className="flex items-center justify-between gap-3">
        <span id="listing-pin-label" className="text-sm font-medium">
          {T.pinLabel}
        </span>
        {onReset && pin.placedBySeller ? (
          <Button type="button" variant="ghost" size="sm" onClick={onReset}>
            <UndoIcon aria-hidden="true" />
            {T.pinReset}
          </Button>
        ) : null}
      </div>
      <div className="relative h-56 overflow-hidden rounded-xl border bg-muted sm:h-64">
        {pin.point ? (
          <Suspense fallback={<MapPlaceholder text={T.pinLoading} />}>
            <PinPicker value={pin.point} approximate={!pin.placedBySeller} onChange={onMove} />
          </Suspense>
        ) : (
          <MapPlaceholder text={pin.notFound ? T.pinMapNotFound : T.pinMapWaiting} />
        )}
      </div>
      <p
        id="listing-pin-hint"
        aria-live="polite"
        className={pin.notFound ? 'text-sm text-amber-800' : 'text-sm text-muted-foreground'}
      >
        {hint}
      </p>
    </div>
  );
}

function MapPlaceholder({ text }: { text: string }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 bg-[repeating-linear-gradient(45deg,var(--color-pine-50),var(--color-pine-50)_12px,var(--color-card)_12px,var(--color-card)_24px)] p-6 text-center text-sm text-muted-foreground">
      <MapPinnedIcon aria-hidden="true" className="size-7 text-pine-700" />
      <span className="max-w-xs text-pretty" aria-hidden="true">
        {text}
      </span>
    </div>
  );
}
