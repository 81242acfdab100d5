import { cn } from '@yardsale/ui';
import type { ReactNode } from 'react';

import { ListingCardSkeleton } from './listing-card';

/** Cards in rows that fit the screen: one on a phone, up to three on a wide one. */
export function ListingGrid({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <ul className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3', className)}>
      {children}
    </ul>
  );
}

export function ListingGridSkeleton({ count, className }: { count: number; className?: string }) {
  return (
    <ListingGrid className={className}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <ListingCardSkeleton />
        </li>
      ))}
    </ListingGrid>
  );
}
