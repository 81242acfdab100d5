import { describe, expect, it } from 'vitest';

import { locationChipText } from './location-chip-text';
import { LOCATION_TEXTS, geolocationErrorText } from './location-texts';

describe('the location chip', () => {
  it('invites setting a location when there is none', () => {
    expect(locationChipText(null)).toBe('Set your location');
  });

  it('names the distance and the place', () => {
    const place = { latitude: 43.07, longitude: -89.38, radiusMiles: 10 };
    expect(locationChipText({ ...place, label: '53703', source: 'place' })).toBe(
      'Within 10 mi of 53703',
    );
    expect(
      locationChipText({ ...place, label: 'Madison, WI', source: 'place', radiusMiles: 25 }),
    ).toBe('Within 25 mi of Madison, WI');
    expect(
      locationChipText({
        ...place,
        label: LOCATION_TEXTS.deviceLabel,
        source: 'device',
        radiusMiles: 1,
      }),
    ).toBe('Within 1 mi of your location');
  });

  it('explains a refused permission differently from a failed fix', () => {
    expect(geolocationErrorText(1)).toMatch(/Location access is off/);
    expect(geolocationErrorText(2)).toMatch(/couldn't get your location/);
    expect(geolocationErrorText(null)).toMatch(/can't share your location/);
  });
});
