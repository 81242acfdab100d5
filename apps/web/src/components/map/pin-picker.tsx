import { useEffect, useRef } from 'react';

import { approximateIcon, createMap, L, pinIcon, useMapConfig } from './map-base';

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface PinPickerProps {
  value: LatLng | null;
  /** The point is only the ZIP's or town's centre: drawn as a soft circle until moved. */
  approximate: boolean;
  onChange: (point: LatLng) => void;
}

/** How far one arrow key press moves the pin, in screen pixels (Shift: five times as far). */
const NUDGE_PX = 8;
const NUDGES: Record<string, [number, number] | undefined> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};
const PIN_TITLE = 'Sale location: drag, or use the arrow keys, to move it';
const US_CENTRE: L.LatLngTuple = [39.8, -98.6];

/** A small map with one draggable pin: the seller puts it where buyers should go. */
function PinPicker({ value, approximate, onChange }: PinPickerProps) {
  const config = useMapConfig();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerRef = useRef<L.Marker | null>(null);
  // The latest callback, so the map is not rebuilt when the parent re-renders.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const container = containerRef.current;
    if (!config || !container) return;
    const map = createMap(container, config);
    mapRef.current = map;
    map.setView(US_CENTRE, 4);
    // Arrow keys on the focused pin move the pin, not the map: caught before the map's own
    // keyboard panning (which listens on the same container) sees them.
    const nudge = (event: KeyboardEvent) => {
      const marker = markerRef.current;
      const icon = marker?.getElement();
      const step = NUDGES[event.key];
      if (!marker || !icon || !step || !(event.target instanceof Node)) return;
      if (!icon.contains(event.target)) return;
      event.preventDefault();
      event.stopPropagation();
      const distance = event.shiftKey ? NUDGE_PX * 5 : NUDGE_PX;
      const moved = map.containerPointToLatLng(
        map
          .latLngToContainerPoint(marker.getLatLng())
          .add(L.point(step[0] * distance, step[1] * distance)),
      );
      marker.setLatLng(moved);
      if (!map.getBounds().pad(-0.1).contains(moved)) map.panTo(moved);
      onChangeRef.current({ latitude: moved.lat, longitude: moved.lng });
    };
    container.addEventListener('keydown', nudge, true);
    return () => {
      container.removeEventListener('keydown', nudge, true);
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, [config]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!value) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const point = L.latLng(value.latitude, value.longitude);
    const icon = approximate ? approximateIcon() : pinIcon('picked');
    let marker = markerRef.current;
    if (!marker) {
      marker = L.marker(point, {
        draggable: true,
        keyboard: true,
        autoPan: true,
        title: PIN_TITLE,
        alt: PIN_TITLE,
        icon,
      }).addTo(map);
      const placed = marker;
      placed.on('dragend', () => {
        const at = placed.getLatLng();
        onChangeRef.current({ latitude: at.lat, longitude: at.lng });
      });
      markerRef.current = marker;
      map.setView(point, approximate ? 14 : 17);
    } else {
      marker.setLatLng(point);
      marker.setIcon(icon);
      if (!map.getBounds().contains(point)) map.setView(point, map.getZoom());
    }
    // The icon element is replaced by setIcon: keep its name for screen readers.
    marker.getElement()?.setAttribute('aria-label', PIN_TITLE);
  }, [value, approximate, config]);

  return (
    <div
      ref={containerRef}
      className="ys-map h-full min-h-56 w-full"
      role="region"
      aria-label="Map: where the sale is"
    />
  );
}

export default PinPicker;
