import { Button, Card, CardContent } from '@yardsale/ui';
import { ExternalLinkIcon, MapPinIcon, NavigationIcon } from 'lucide-react';

import { mapsDirectionsUrl, mapsSearchUrl } from '../../lib/maps';
import { IconCardHeader } from '../layout/icon-card-header';

/**
 * The address with links out to Google Maps (new tab). A point that is only the ZIP or town centre
 * (the seller did not place the pin) is said to be approximate; without a point, nothing is said.
 */
export function LocationCard({
  address,
  approximate = false,
}: {
  address: string;
  approximate?: boolean;
}) {
  return (
    <Card>
      <IconCardHeader icon={MapPinIcon} title="Location" description="Where to find it." />
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-3 rounded-xl bg-[repeating-linear-gradient(45deg,var(--color-pine-50),var(--color-pine-50)_12px,var(--color-card)_12px,var(--color-card)_24px)] p-4 ring-1 ring-pine-100">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-pine-700 text-white shadow-sm">
            <MapPinIcon aria-hidden="true" className="size-5" />
          </span>
          <div className="grid gap-0.5 self-center">
            <p className="font-semibold text-pretty">{address}</p>
            {approximate ? (
              <p className="text-sm text-muted-foreground">Approximate location (ZIP area)</p>
            ) : null}
          </div>
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
