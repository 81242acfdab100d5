import type { ListingSummary } from '@yardsale/validators';
import { cn } from '@yardsale/ui';
import { MapIcon } from 'lucide-react';
import { Suspense } from 'react';

import { lazyPiece } from '../../lib/lazy-piece';

// The map library loads only when a map is on screen, never with the lists.
const SalesMap = lazyPiece(() => import('../map/sales-map'));

export function LazySalesMap(props: {
  sales: readonly ListingSummary[];
  origin?: { latitude: number; longitude: number } | null;
  label: string;
  className?: string;
}) {
  return (
    <Suspense fallback={<MapLoading className={props.className} />}>
      <SalesMap {...props} />
    </Suspense>
  );
}

function MapLoading({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        'flex h-[28rem] w-full flex-col items-center justify-center gap-2 rounded-2xl border bg-muted text-sm text-muted-foreground',
        className,
      )}
      role="status"
    >
      <MapIcon aria-hidden="true" className="size-7 animate-pulse text-pine-700" />
      Loading the map…
    </div>
  );
}
