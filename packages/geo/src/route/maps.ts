import type { LatLng } from '../distance';

/** Google Maps accepts up to 9 waypoints between origin and destination in one directions URL. */
export const GOOGLE_MAX_WAYPOINTS = 9;

/**
 * "lat,lng" with 6 decimals (about 10 cm). Only digits, '-', '.' and ',' appear, all legal in a
 * query value as they are; the waypoint separator '|' is not, so it is sent as %7C.
 */
function coordinate(point: LatLng): string {
  return `${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}`;
}

/**
 * Google Maps directions URLs, split into as many legs as the app accepts (origin + up to 9
 * waypoints + destination per URL); each leg starts where the previous ended.
 */
export function googleMapsLegs(start: LatLng, stops: LatLng[]): string[] {
  const urls: string[] = [];
  const perLeg = GOOGLE_MAX_WAYPOINTS + 1;
  let origin = start;
  for (let first = 0; first < stops.length; first += perLeg) {
    const leg = stops.slice(first, first + perLeg);
    const destination = leg[leg.length - 1];
    if (destination === undefined) break;
    const waypoints = leg.slice(0, -1);
    let url =
      'https://www.google.com/maps/dir/?api=1' +
      `&origin=${coordinate(origin)}` +
      `&destination=${coordinate(destination)}`;
    if (waypoints.length > 0) {
      url += `&waypoints=${waypoints.map(coordinate).join(encodeURIComponent('|'))}`;
    }
    urls.push(`${url}&travelmode=driving`);
    origin = destination;
  }
  return urls;
}

/** Apple Maps URLs (one destination per URL: saddr/daddr), one per leg. */
export function appleMapsLegs(start: LatLng, stops: LatLng[]): string[] {
  const urls: string[] = [];
  let from = start;
  for (const stop of stops) {
    urls.push(
      `https://maps.apple.com/?saddr=${coordinate(from)}&daddr=${coordinate(stop)}&dirflg=d`,
    );
    from = stop;
  }
  return urls;
}
