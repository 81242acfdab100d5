// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import {
  VIEWER_LOCATION_KEY,
  parseViewerLocation,
  readViewerLocation,
  useViewerLocation,
} from './viewer-location';
import type { ViewerLocation } from './viewer-location';

const MADISON: ViewerLocation = {
  latitude: 43.07,
  longitude: -89.38,
  label: '53703',
  radiusMiles: 10,
  source: 'place',
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Shown() {
  const { location } = useViewerLocation();
  return <p>{location ? location.label : 'nowhere'}</p>;
}

describe('the viewer location', () => {
  it('is kept on the device under its key and read back', () => {
    const { result } = renderHook(() => useViewerLocation());
    expect(result.current.location).toBeNull();
    act(() => result.current.setLocation(MADISON));
    expect(result.current.location).toEqual(MADISON);
    expect(JSON.parse(localStorage.getItem(VIEWER_LOCATION_KEY) ?? 'null')).toEqual(MADISON);
    expect(readViewerLocation()).toEqual(MADISON);
  });

  it('reaches every component on the page when set, and when cleared', () => {
    render(
      <>
        <Shown />
        <Shown />
      </>,
    );
    const { result } = renderHook(() => useViewerLocation());
    act(() => result.current.setLocation(MADISON));
    expect(screen.getAllByText('53703')).toHaveLength(2);
    act(() => result.current.setLocation(null));
    expect(screen.getAllByText('nowhere')).toHaveLength(2);
    expect(localStorage.getItem(VIEWER_LOCATION_KEY)).toBeNull();
  });

  it('follows a change made in another tab', () => {
    render(<Shown />);
    act(() => {
      // Another tab writes storage, and this tab hears a storage event.
      localStorage.setItem(
        VIEWER_LOCATION_KEY,
        JSON.stringify({ ...MADISON, label: 'Madison, WI' }),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: VIEWER_LOCATION_KEY }));
    });
    expect(screen.getByText('Madison, WI')).toBeDefined();
  });

  it('treats anything malformed as no location', () => {
    expect(parseViewerLocation('not json')).toBeNull();
    expect(parseViewerLocation(JSON.stringify({ ...MADISON, latitude: 123 }))).toBeNull();
    expect(parseViewerLocation(JSON.stringify({ ...MADISON, radiusMiles: 0 }))).toBeNull();
    expect(parseViewerLocation(JSON.stringify({ ...MADISON, source: 'ip' }))).toBeNull();
    expect(parseViewerLocation(JSON.stringify({ ...MADISON, label: '' }))).toBeNull();
    expect(parseViewerLocation(JSON.stringify(MADISON))).toEqual(MADISON);

    localStorage.setItem(VIEWER_LOCATION_KEY, '{"latitude":"north"}');
    const { result } = renderHook(() => useViewerLocation());
    expect(result.current.location).toBeNull();
  });
});
