import { Card, CardContent } from '@yardsale/ui';
import { MapPinIcon } from 'lucide-react';

import { IconCardHeader } from '../layout/icon-card-header';
import { LocationChip } from '../location/location-chip';

/**
 * Where "near me" is measured from: the same choice as on Browse and Live Sales Now. It is kept on
 * this device only, never on the server (decision 064).
 */
export function LocationCard() {
  return (
    <Card role="region" aria-labelledby="location-heading">
      <IconCardHeader
        icon={MapPinIcon}
        title="Location"
        titleId="location-heading"
        description="Nearby sales and distances are measured from here. It is kept on this device only: we never store where you are."
      />
      <CardContent>
        <LocationChip />
      </CardContent>
    </Card>
  );
}
