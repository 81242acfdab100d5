import 'leaflet/dist/leaflet.css';
import './map.css';

import { useQuery } from '@tanstack/react-query';
import type { MapConfig } from '@yardsale/validators';
import L from 'leaflet';

import { useTRPC } from '../../lib/trpc';

/** Where the tiles come from and the credit they need; asked once per visit. */
export function useMapConfig(): MapConfig | undefined {
  const trpc = useTRPC();
  const config = useQuery({ ...trpc.geo.mapConfig.queryOptions(), staleTime: Infinity });
  return config.data;
}

/** A map in `container` with the configured tiles; the credit line is always shown. */
export function createMap(
  container: HTMLElement,
  config: MapConfig,
  options: L.MapOptions = {},
): L.Map {
  const map = L.map(container, {
    zoomControl: true,
    attributionControl: true,
    // Scrolling the page over a map should scroll the page; zoom with the buttons or a pinch.
    scrollWheelZoom: false,
    ...options,
  });
  // The default prefix links to Leaflet with a flag; the tile provider's credit is what matters.
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
  L.tileLayer(config.tileUrl, { attribution: config.attribution, maxZoom: 19 }).addTo(map);
  return map;
}

const PIN_SVG =
  '<svg viewBox="0 0 32 42" width="32" height="42" aria-hidden="true" focusable="false">' +
  '<path d="M16 41c-1.2-4.7-4-8.6-7.6-12.6C5 24.7 2 21.2 2 15.8 2 7.9 8.3 1.5 16 1.5s14 6.4 14 14.3c0 5.4-3 8.9-6.4 12.6-3.6 4-6.4 7.9-7.6 12.6z" fill="currentColor" stroke="#fff" stroke-width="2"/>' +
  '<circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>';

/** The pin drawn for an exact point (the seller placed it). */
export function pinIcon(variant: 'sale' | 'picked' | 'route' = 'sale', label?: string): L.DivIcon {
  const badge = label ? `<span class="ys-pin__badge">${label}</span>` : '';
  return L.divIcon({
    className: `ys-pin ys-pin--${variant}`,
    html: `${PIN_SVG}${badge}`,
    iconSize: [32, 42],
    iconAnchor: [16, 41],
    popupAnchor: [0, -36],
  });
}

/** A soft circle for a point that is only the ZIP's or town's centre. */
export function approximateIcon(label?: string): L.DivIcon {
  const badge = label ? `<span class="ys-pin__badge">${label}</span>` : '';
  return L.divIcon({
    className: 'ys-approx',
    html: `<span class="ys-approx__halo"></span><span class="ys-approx__dot"></span>${badge}`,
    iconSize: [44, 44],
    iconAnchor: [22, 22],
    popupAnchor: [0, -18],
  });
}

/** The start of a route: the viewer's place. */
export function startIcon(): L.DivIcon {
  return L.divIcon({
    className: 'ys-start',
    html: '<span class="ys-start__dot"></span>',
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  });
}

export { L };
