/** The picker's texts; the chip's own are in location-chip-text.ts (they load with home). */
export const LOCATION_TEXTS = {
  dialogTitle: 'Where are you shopping?',
  dialogDescription:
    'We show sales within reach of this place and how far each one is. It stays on this device.',
  useMyLocation: 'Use my location',
  locating: 'Finding you…',
  deviceLabel: 'your location',
  placeLabel: 'ZIP code or town',
  placeFormLabel: 'Find a place',
  placeHint: 'For example 53703, Madison or Madison, WI',
  placeChoices: (name: string) => `Several towns are called ${name}. Which one?`,
  placeSubmit: 'Go',
  placeEmpty: 'Enter a ZIP code or a town',
  placeNotFound: "We couldn't find that place",
  placeFailed: "We couldn't look that place up. Check your connection and try again.",
  radiusLabel: 'How far',
  clear: 'Clear',
  done: 'Done',
  denied:
    'Location access is off for YardSale. Allow it in your browser settings, or enter a ZIP code or town instead.',
  unavailable: "We couldn't get your location. Enter a ZIP code or town instead.",
  unsupported: "This browser can't share your location. Enter a ZIP code or town instead.",
} as const;

/** What the geolocation error means to the person, in their words. */
export function geolocationErrorText(code: number | null): string {
  if (code === null) return LOCATION_TEXTS.unsupported;
  // 1 = PERMISSION_DENIED in the Geolocation API.
  return code === 1 ? LOCATION_TEXTS.denied : LOCATION_TEXTS.unavailable;
}
