/** Mean Earth radius in miles (the radius PostgreSQL's earthdistance uses, in metres: 6378168). */
export const EARTH_RADIUS_MILES = 6378168 / 1609.344;

export interface LatLng {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (haversine), on the same sphere as the database's distance search. */
export function milesBetween(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
