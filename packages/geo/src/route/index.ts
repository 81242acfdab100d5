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
  clocksDiffer,
  defaultDeparture,
  deviceTimeZone,
  fromWallClockInput,
  isOpenOn,
  openingWindow,
  toWallClockInput,
  tripTimeZone,
  wallClockAt,
} from './sale-time';
