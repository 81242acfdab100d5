import { cn } from '@yardsale/ui';
import { useEffect, useRef } from 'react';

import { approximateIcon, createMap, L, pinIcon, startIcon, useMapConfig } from './map-base';

export interface RouteMapPoint {
  latitude: number;
  longitude: number;
  title: string;
  approximate: boolean;
}

export interface RouteMapProps {
  start: { latitude: number; longitude: number; label: string };
  /** In visiting order; numbered from 1. */
  stops: readonly RouteMapPoint[];
  className?: string;
}

/**
 * The planned route drawn as straight lines between numbered stops. Only a picture of the order:
 * the list beside it says the same in words, and the directions come from the maps apps.
 */
function RouteMap({ start, stops, className }: RouteMapProps) {
  const config = useMapConfig();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!config || !container) return;
    const map = createMap(container, config);
    const layer = L.layerGroup().addTo(map);
    mapRef.current = map;
    layerRef.current = layer;
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
    };
  }, [config]);

  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    const origin = L.latLng(start.latitude, start.longitude);
    const points = [origin];
    L.marker(origin, {
      icon: startIcon(),
      title: `Start: ${start.label}`,
      alt: `Start: ${start.label}`,
      keyboard: false,
    }).addTo(layer);
    stops.forEach((stop, index) => {
      const point = L.latLng(stop.latitude, stop.longitude);
      points.push(point);
      const number = String(index + 1);
      const title = `Stop ${number}: ${stop.title}${stop.approximate ? ' (approximate location)' : ''}`;
      L.marker(point, {
        icon: stop.approximate ? approximateIcon(number) : pinIcon('route', number),
        title,
        alt: title,
        keyboard: false,
      }).addTo(layer);
    });
    L.polyline(points, {
      color: '#b45309',
      weight: 4,
      opacity: 0.8,
      dashArray: '2 8',
      lineCap: 'round',
      interactive: false,
    }).addTo(layer);
    if (points.length === 1) map.setView(origin, 13);
    else map.fitBounds(L.latLngBounds(points), { padding: [36, 36], maxZoom: 15 });
  }, [start, stops, config]);

  return (
    <div
      ref={containerRef}
      className={cn('ys-map h-72 w-full overflow-hidden rounded-2xl border', className)}
      role="region"
      aria-label={`Map of the route: ${String(stops.length)} ${stops.length === 1 ? 'stop' : 'stops'} from ${start.label}`}
    />
  );
}

export default RouteMap;
