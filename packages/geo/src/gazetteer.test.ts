import { describe, expect, it } from 'vitest';
import { MAX_TOWN_MATCHES, lookupPlace, lookupPlaces, placeAddress } from './gazetteer';

describe('placeAddress', () => {
  it('places an address by its ZIP, wherever the ZIP is', () => {
    expect(placeAddress('12 Elm Street, Madison, WI 53703')).toEqual({
      latitude: 43.0775,
      longitude: -89.3831,
      label: '53703',
      zip: '53703',
    });
    expect(placeAddress('53703 is where I live')?.zip).toBe('53703');
  });

  it('reads ZIP+4 and prefers the ZIP over a five-digit street number', () => {
    const place = placeAddress('10001 Mineral Point Rd, New York, NY 10001-2062');
    expect(place?.zip).toBe('10001');
    expect(place?.latitude).toBeCloseTo(40.75, 1);
    expect(place?.longitude).toBeCloseTo(-74.0, 1);
    expect(placeAddress('12345 Oak Ave, Madison WI 53711')?.zip).toBe('53711');
  });

  it('places "Town, ST" and "Town ST" at the centre of the town, in any case', () => {
    const commas = placeAddress('4 Willow Lane, Madison, WI');
    expect(commas).toMatchObject({ label: 'Madison, WI', zip: null });
    expect(commas?.latitude).toBeCloseTo(43.07, 1);
    expect(commas?.longitude).toBeCloseTo(-89.4, 1);
    expect(placeAddress('4 Willow Lane madison wi')).toEqual(commas);
    expect(placeAddress('Fifth Avenue, New York NY')?.label).toBe('New York, NY');
  });

  it('falls back to the town when the ZIP does not exist', () => {
    expect(placeAddress('1 Main St, Madison, WI 00000')?.label).toBe('Madison, WI');
  });

  it('finds nothing in garbage, an unknown ZIP or a town in the wrong state', () => {
    expect(placeAddress('asdf qwerty')).toBeNull();
    expect(placeAddress('')).toBeNull();
    expect(placeAddress('00000')).toBeNull();
    expect(placeAddress('99999')).toBeNull();
    expect(placeAddress('Madison, ZZ')).toBeNull();
    expect(placeAddress('12 Elm Street, Cedar Hollow, WI')).toBeNull();
  });
});

describe('lookupPlace', () => {
  it('looks up a ZIP or a town typed by a buyer', () => {
    expect(lookupPlace(' 53703 ')?.label).toBe('53703');
    expect(lookupPlace('madison, wi')?.label).toBe('Madison, WI');
    expect(lookupPlace('nowhere at all')).toBeNull();
    expect(lookupPlace('madison')?.label).toBe('Madison, WI');
  });

  it('finds a town by its name alone, every town of that name when there are several, the largest first', () => {
    const madisons = lookupPlaces('Madison');
    expect(madisons.length).toBeGreaterThan(1);
    expect(madisons.length).toBeLessThanOrEqual(MAX_TOWN_MATCHES);
    expect(madisons[0]?.label).toBe('Madison, WI');
    expect(madisons.every((place) => /^Madison, [A-Z]{2}$/.test(place.label))).toBe(true);
    expect(new Set(madisons.map((place) => place.label)).size).toBe(madisons.length);
    expect(lookupPlaces('  madison, ').map((place) => place.label)).toEqual(
      madisons.map((place) => place.label),
    );
    expect(lookupPlace('madison')).toEqual(lookupPlace('Madison, WI'));
    expect(lookupPlaces('New York')[0]?.label).toBe('New York, NY');
    // With a state or a ZIP there is one answer, as before.
    expect(lookupPlaces('Madison, AL').map((place) => place.label)).toEqual(['Madison, AL']);
    expect(lookupPlaces('53703').map((place) => place.label)).toEqual(['53703']);
    expect(lookupPlaces('Cedar Hollow')).toEqual([]);
    expect(lookupPlaces('12 Madison')).toEqual([]);
  });

  it('answers quickly once loaded', () => {
    lookupPlace('Madison, WI');
    const start = performance.now();
    for (let i = 0; i < 1000; i += 1) lookupPlace('Springfield, IL');
    expect(performance.now() - start).toBeLessThan(500);
  });
});
