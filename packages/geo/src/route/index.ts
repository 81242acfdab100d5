export type { LatLng, PlanOptions, PlannedStop, RoutePlan, RouteStop } from './types';
export {
  DEFAULT_DWELL_MINUTES,
  DEFAULT_SPEED_MPH,
  ROAD_FACTOR,
  compareOutcomes,
  evaluateOrder,
  roadMiles,
} from './timing';
export { EXACT_STOP_LIMIT, nearestFirstOrder, planRoute } from './planner';
export { GOOGLE_MAX_WAYPOINTS, appleMapsLegs, googleMapsLegs } from './maps';
export {
  DEFAULT_DEPARTURE_TIME,
  clocksDiffer,
  defaultDeparture,
  deviceTimeZone,
  fromWallClockInput,
  instantAt,
  isOpenOn,
  openingWindow,
  toWallClockInput,
  tripTimeZone,
  wallClockAt,
} from './sale-time';
export type { SaleWhen } from './sale-time';
