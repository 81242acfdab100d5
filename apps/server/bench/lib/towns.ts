/**
 * Towns the benchmarks place listings and searches around: 330 centres scattered over the lower 48
 * states (latitudes 30..47, longitudes -121..-75), from a fixed hash so that every run has the same
 * towns (the search benchmark computes the same centres in SQL).
 */
import type { Random } from './random';

export const TOWN_COUNT = 330;
export const MILES_PER_DEGREE_LATITUDE = 69.1;

const townFraction = (town: number, salt: number) => {
  const x = Math.sin(town * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};

export function townCentre(town: number) {
  return {
    latitude: 30 + 17 * townFraction(town, 1),
    longitude: -121 + 46 * townFraction(town, 2),
  };
}

/** A point within `withinMiles` of a town picked at random, spread evenly over the disc. */
export function aroundTown(random: Random, withinMiles: number) {
  const { latitude, longitude } = townCentre(random.int(0, TOWN_COUNT - 1));
  const miles = withinMiles * Math.sqrt(random.next());
  const angle = 2 * Math.PI * random.next();
  const dLat = (miles * Math.cos(angle)) / MILES_PER_DEGREE_LATITUDE;
  const dLng =
    (miles * Math.sin(angle)) / (MILES_PER_DEGREE_LATITUDE * Math.cos((latitude * Math.PI) / 180));
  return { latitude: latitude + dLat, longitude: longitude + dLng };
}
