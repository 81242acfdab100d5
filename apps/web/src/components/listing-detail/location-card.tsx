import { Button, Card, CardContent } from '@yardsale/ui';
import { ExternalLinkIcon, MapPinIcon, NavigationIcon } from 'lucide-react';

import { mapsDirectionsUrl, mapsSearchUrl } from '../../lib/maps';
import { IconCardHeader } from '../layout/icon-card-header';

/** The address with links out to Google Maps (new tab). */
export function LocationCard({ address }: { address: string }) {
  return (
    <Card>
      <IconCardHeader icon={MapPinIcon} title="Location" description="Where to find it." />
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-3 rounded-xl bg-[repeating-linear-gradient(45deg,var(--color-pine-50),var(--color-pine-50)_12px,var(--color-card)_12px,var(--color-card)_24px)] p-4 ring-1 ring-pine-100">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-pine-700 text-white shadow-sm">
            <MapPinIcon aria-hidden="true" className="size-5" />
          </span>
          <p className="self-center font-semibold text-pretty">{address}</p>
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button asChild variant="outline">
            <a href={mapsSearchUrl(address)} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              Open in Maps
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={mapsDirectionsUrl(address)} target="_blank" rel="noopener noreferrer">
              <NavigationIcon aria-hidden="true" />
              Get Directions
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
