import { z } from './zod';

import { text } from './input';
import { UI_TEXT } from './ui-text';

const M = UI_TEXT.geo;

/** What a buyer types to search around a place: a ZIP or "Town, ST". */
export const placeQuerySchema = z.object({
  query: text({ error: M.placeQueryRequired })
    .trim()
    .min(1, M.placeQueryRequired)
    .max(100, M.placeQueryTooLong),
});
export type PlaceQuery = z.output<typeof placeQuerySchema>;

/** A place found by the offline gazetteer: a ZIP's centre, or a town's. */
export const placeSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** The ZIP ("53703") or the town ("Madison, WI"). */
  label: z.string(),
  zip: z.string().nullable(),
});
export type PlaceOutput = z.output<typeof placeSchema>;

/**
 * What a place lookup answers: the likeliest place, and the other towns a bare town name fits
 * ("Madison": Madison, WI first, then the smaller ones), so the buyer can pick; empty for a ZIP or a
 * "Town, ST".
 */
export const placeLookupSchema = placeSchema.extend({ others: z.array(placeSchema) });
export type PlaceLookup = z.output<typeof placeLookupSchema>;

/** The map's tiles and the credit their provider requires. */
export const mapConfigSchema = z.object({
  /** A tile URL template with {z}, {x} and {y}. */
  tileUrl: z.string(),
  /** HTML credit line shown on the map. */
  attribution: z.string(),
});
export type MapConfig = z.output<typeof mapConfigSchema>;

/** OpenStreetMap's standard tiles, used unless the server is given others (MAP_TILE_URL). */
export const DEFAULT_MAP_TILES: MapConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};
