import type { LatLng } from '../distance';

export type { LatLng };

export interface RouteStop {
  id: number;
  title: string;
  latitude: number;
  longitude: number;
  /** Opening window as instants (ms since epoch); null = open all day of travel. */
  opensAt: number | null;
  closesAt: number | null;
}

export interface PlanOptions {
  start: { latitude: number; longitude: number };
  departAt: number /* ms */;
  /** Average driving speed; 25 when not a positive number. */
  speedMph: number;
  /** Minutes spent at each stop; 15 when absent. */
  dwellMinutes?: number;
}

export interface PlannedStop {
  stop: RouteStop;
  arriveAt: number;
  departAt: number;
  legMiles: number;
  /** 'early' = arrives before it opens (waits until opening), 'late' = arrives after it closes. */
  warning: 'early' | 'late' | null;
  waitMinutes: number;
}

export interface RoutePlan {
  stops: PlannedStop[];
  totalMiles: number;
  finishAt: number;
  lateCount: number;
}
