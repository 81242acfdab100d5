import 'leaflet.markercluster/dist/MarkerCluster.css';

import { Link } from '@tanstack/react-router';
import type { ListingSummary } from '@yardsale/validators';
import { ArrowRightIcon, ClockIcon, MapPinIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@yardsale/ui';

import { formatDistance, formatSaleDays, formatTimeRange } from '../listings/listing-format';
import { RouteStopButton } from '../route/route-stop-button';
import { approximateIcon, createMap, L, pinIcon, startIcon, useMapConfig } from './map-base';
// After map-base: the plugin extends the Leaflet that module loaded (it reads the global `L`).
import 'leaflet.markercluster';

export const APPROXIMATE_LABEL = 'Approximate location';

export interface SalesMapProps {
  sales: readonly ListingSummary[];
  /** The viewer's place: a blue dot, and the map opens around it when there are no sales. */
  origin?: { latitude: number; longitude: number } | null;
  /** What the map shows, for screen readers ("Map of 12 sales"). */
  label: string;
  /** Size and shape; the map is 28rem tall by default. */
  className?: string;
}

const US_CENTRE: L.LatLngTuple = [39.8, -98.6];

function pinTitle(sale: ListingSummary): string {
  const distance = formatDistance(sale.distanceMiles);
  const parts = [sale.title];
  if (distance) parts.push(distance);
  if (sale.location?.approximate) parts.push(APPROXIMATE_LABEL.toLowerCase());
  return parts.join(', ');
}

/**
 * Sales as pins (clustered where dense). A pin is a button: click, tap or Enter opens a small card
 * with the sale and the route button. Sales placed only at their ZIP or town are soft circles.
 */
function SalesMap({ sales, origin, label, className }: SalesMapProps) {
  const config = useMapConfig();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layerRef = useRef<L.MarkerClusterGroup | null>(null);
  const originRef = useRef<L.Marker | null>(null);
  const popupRef = useRef<L.Popup | null>(null);
  const [popupNode] = useState(() => document.createElement('div'));
  const [selected, setSelected] = useState<ListingSummary | null>(null);
  // The pin the card was opened from: focus goes back to it when the card closes.
  const openerRef = useRef<HTMLElement | null>(null);
  const byKeyboardRef = useRef(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!config || !container) return;
    const map = createMap(container, config);
    map.setView(US_CENTRE, 4);
    const layer = L.markerClusterGroup({
      showCoverageOnHover: false,
      maxClusterRadius: 48,
      spiderfyOnMaxZoom: true,
      iconCreateFunction: (cluster) => {
        const count = cluster.getChildCount();
        const size = count < 10 ? 38 : count < 100 ? 44 : 52;
        return L.divIcon({
          className: 'ys-cluster',
          html: `<span aria-hidden="true">${String(count)}</span>`,
          iconSize: [size, size],
        });
      },
    });
    // A cluster is reachable by keyboard too: Enter zooms into it, like a click.
    layer.on('animationend', () => {
      labelClusters(container);
    });
    map.on('zoomend moveend', () => {
      labelClusters(container);
    });
    layer.addTo(map);
    const popup = L.popup({
      maxWidth: 260,
      minWidth: 240,
      // Clear of the zoom buttons in the top left corner.
      autoPanPaddingTopLeft: [56, 16],
      autoPanPaddingBottomRight: [16, 16],
    }).setContent(popupNode);
    map.on('popupclose', () => {
      setSelected(null);
      const opener = openerRef.current;
      openerRef.current = null;
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    });
    mapRef.current = map;
    layerRef.current = layer;
    popupRef.current = popup;
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
      popupRef.current = null;
      originRef.current = null;
    };
  }, [config, popupNode]);

  // The pins, redrawn when the sales change; the view fits them (and the viewer's place).
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    const popup = popupRef.current;
    if (!map || !layer || !popup) return;
    layer.clearLayers();
    const points: L.LatLng[] = [];
    for (const sale of sales) {
      const location = sale.location;
      if (!location) continue;
      const point = L.latLng(location.latitude, location.longitude);
      points.push(point);
      const title = pinTitle(sale);
      const marker = L.marker(point, {
        keyboard: true,
        title,
        alt: title,
        icon: location.approximate ? approximateIcon() : pinIcon('sale'),
        riseOnHover: true,
      });
      const open = (byKeyboard: boolean) => {
        openerRef.current = marker.getElement() ?? null;
        byKeyboardRef.current = byKeyboard;
        setSelected(sale);
        popup.setLatLng(point).openOn(map);
      };
      marker.on('click', () => {
        open(false);
      });
      // Leaflet only opens a bound popup on Enter; this card is ours, so the keys are handled here.
      marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
        const key = event.originalEvent.key;
        if (key !== 'Enter' && key !== ' ') return;
        event.originalEvent.preventDefault();
        open(true);
      });
      marker.on('add', () => {
        const element = marker.getElement();
        element?.setAttribute('role', 'button');
        element?.setAttribute('aria-label', title);
      });
      layer.addLayer(marker);
    }
    const originPoint = origin ? L.latLng(origin.latitude, origin.longitude) : null;
    const marker = originRef.current;
    if (marker) {
      marker.remove();
      originRef.current = null;
    }
    if (originPoint) {
      originRef.current = L.marker(originPoint, {
        icon: startIcon(),
        keyboard: false,
        interactive: false,
      }).addTo(map);
    }
    const all = originPoint ? [...points, originPoint] : points;
    if (all.length === 1 && all[0]) map.setView(all[0], 13);
    else if (all.length > 1) map.fitBounds(L.latLngBounds(all), { padding: [40, 40], maxZoom: 15 });
    labelClusters(map.getContainer());
  }, [sales, origin, config]);

  // A card opened with the keyboard takes the focus, so Tab continues inside it.
  useEffect(() => {
    if (!selected) return;
    // The card was empty when Leaflet placed it: fit and pan again now that it has content.
    popupRef.current?.update();
    if (!byKeyboardRef.current) return;
    const first = popupNode.querySelector<HTMLElement>('a, button');
    first?.focus({ preventScroll: true });
  }, [selected, popupNode]);

  return (
    <>
      <div
        ref={containerRef}
        className={cn('ys-map h-[28rem] w-full overflow-hidden rounded-2xl border', className)}
        role="region"
        aria-label={label}
      />
      {selected
        ? createPortal(
            <SaleMapCard
              sale={selected}
              onClose={() => {
                mapRef.current?.closePopup();
              }}
            />,
            popupNode,
          )
        : null}
    </>
  );
}

/** Clusters are drawn by the plugin without a name; give each one a label and a tab stop. */
function labelClusters(container: HTMLElement): void {
  for (const cluster of container.querySelectorAll<HTMLElement>('.ys-cluster')) {
    const count = cluster.textContent.trim();
    cluster.setAttribute('role', 'button');
    cluster.setAttribute('tabindex', '0');
    cluster.setAttribute('aria-label', `${count} sales here: zoom in`);
    if (!cluster.dataset.keys) {
      cluster.dataset.keys = 'on';
      cluster.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        cluster.click();
      });
    }
  }
}

function SaleMapCard({ sale, onClose }: { sale: ListingSummary; onClose: () => void }) {
  const times = formatTimeRange(sale.startTime, sale.endTime);
  const distance = formatDistance(sale.distanceMiles);
  const approximate = sale.location?.approximate ?? false;
  return (
    <div
      className="flex flex-col gap-2 p-4 text-sm text-card-foreground"
      role="group"
      aria-label={sale.title}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <p className="pr-5 font-display text-base leading-snug font-semibold wrap-anywhere">
        {sale.title}
      </p>
      {sale.startDate ? (
        <p className="flex items-start gap-1.5 text-muted-foreground">
          <ClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {formatSaleDays(sale.startDate, sale.endDate)}
            {times ? ` · ${times}` : ''}
          </span>
        </p>
      ) : null}
      {distance || approximate ? (
        <p className="flex items-start gap-1.5 text-muted-foreground">
          <MapPinIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {distance ? `${distance} away` : null}
            {distance && approximate ? ' · ' : null}
            {approximate ? APPROXIMATE_LABEL : null}
          </span>
        </p>
      ) : null}
      <div className="mt-1 flex flex-col gap-2">
        <Link
          to="/listing/$id"
          params={{ id: String(sale.id) }}
          className="ys-card-action inline-flex h-9 items-center justify-center gap-1.5 rounded-lg bg-primary px-3 font-semibold text-primary-foreground hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          View listing
          <ArrowRightIcon aria-hidden="true" className="size-4" />
        </Link>
        <RouteStopButton listingId={sale.id} title={sale.title} className="w-full" />
      </div>
    </div>
  );
}

export default SalesMap;
