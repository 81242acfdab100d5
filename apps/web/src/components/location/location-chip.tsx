import { cn } from '@yardsale/ui';
import { ChevronDownIcon, MapPinIcon } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';
import { useViewerLocation } from '../../lib/viewer-location';
import { locationChipText } from './location-chip-text';

// The dialog (and its library) loads on intent: hover, focus or press. Home stays light.
const loadDialog = () => import('./location-dialog');
const LocationDialog = lazyPiece(loadDialog);

/** "Within 10 mi of 53703": where results are measured from. Opens the location picker. */
export function LocationChip({
  className,
  compact = false,
}: {
  className?: string;
  /** On phones only the pin shows; the words stay its name. */
  compact?: boolean;
}) {
  const { location } = useViewerLocation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can animate closed and reopen at once.
  const [opened, setOpened] = useState(false);
  const chipRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={chipRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className={cn(
          'inline-flex h-9 max-w-full items-center gap-1.5 rounded-full border text-sm font-medium shadow-sm transition-colors',
          compact ? 'px-2.5 sm:px-3.5' : 'px-3.5',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none',
          location
            ? 'border-primary/30 bg-primary/8 text-foreground hover:bg-primary/12'
            : 'bg-card text-foreground hover:bg-muted',
          className,
        )}
      >
        <MapPinIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span className={compact ? 'sr-only truncate sm:not-sr-only' : 'truncate'}>
          {locationChipText(location)}
        </span>
        <ChevronDownIcon
          aria-hidden="true"
          className={cn(
            'size-4 shrink-0 text-muted-foreground',
            compact ? 'hidden sm:block' : undefined,
          )}
        />
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <LocationDialog open={open} onOpenChange={setOpen} returnFocusTo={chipRef} />
        </Suspense>
      ) : null}
    </>
  );
}
