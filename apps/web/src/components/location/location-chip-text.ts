import type { ViewerLocation } from '../../lib/viewer-location';

/** Kept apart from the picker's texts: these load with the home page, the picker's on intent. */
export const CHIP_TEXTS = {
  none: 'Set your location',
  sortLabel: 'Sort by',
  nearestFirst: 'Nearest first',
  newestFirst: 'Newest first',
} as const;

/** 'Within 10 mi of 53703', or the invitation to set one. */
export function locationChipText(location: ViewerLocation | null): string {
  if (location === null) return CHIP_TEXTS.none;
  return `Within ${String(location.radiusMiles)} mi of ${location.label}`;
}
