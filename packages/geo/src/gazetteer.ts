/**
 * Offline US gazetteer: ZIP and town centres from the `zipcodes` package (its data is the
 * federalgovernmentzipcodes.us ZIP list). Nothing about an address leaves the server. Server only:
 * the data is a few megabytes, loaded once when this module is first imported.
 */
import zipcodes from 'zipcodes';

export interface Place {
  latitude: number;
  longitude: number;
  /** What was found, for people: the ZIP ("53703") or the town ("Madison, WI"). */
  label: string;
  /** The ZIP the point belongs to; null for a town, whose point is the centre of its ZIPs. */
  zip: string | null;
}

interface TownCentre {
  name: string;
  state: string;
  latitude: number;
  longitude: number;
  /** How many ZIPs it has: a rough size, to list the likelier of same-named towns first. */
  zips: number;
}

const ZIP_PATTERN = /\b(\d{5})(?:-\d{4})?\b/g;
/** A town name followed by a two-letter state, e.g. "Madison, WI" or "madison wi". */
const TOWN_STATE_PATTERN = /^(.*?)[\s,]+([a-z]{2})$/i;
/** Street names often end a segment right before the town ("12 Elm St Madison WI"): try a few words. */
const MAX_TOWN_WORDS = 4;
/** A bare town name ("Springfield") can fit many towns: this many are offered, the largest first. */
export const MAX_TOWN_MATCHES = 8;

function usZip(zip: string): zipcodes.ZipCode | null {
  const entry = zipcodes.lookup(zip);
  // Only the US data (the package also carries Canadian postal areas); 0,0 marks a ZIP without a centre.
  if (!entry || entry.country !== 'US' || (entry.latitude === 0 && entry.longitude === 0)) {
    return null;
  }
  return entry;
}

let townCentres: Map<string, TownCentre> | null = null;
let townsByName: Map<string, TownCentre[]> | null = null;

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toUpperCase();
const townKey = (name: string, state: string) => `${nameKey(name)}|${state.toUpperCase()}`;

/** Each town's point: the mean of its ZIP centres. Built on the first town lookup, then kept. */
function towns(): Map<string, TownCentre> {
  if (townCentres) return townCentres;
  const sums = new Map<string, { entry: zipcodes.ZipCode; lat: number; lng: number; n: number }>();
  for (const entry of Object.values(zipcodes.codes)) {
    if (entry.country !== 'US' || (entry.latitude === 0 && entry.longitude === 0)) continue;
    const key = townKey(entry.city, entry.state);
    const sum = sums.get(key);
    if (sum) {
      sum.lat += entry.latitude;
      sum.lng += entry.longitude;
      sum.n += 1;
    } else {
      sums.set(key, { entry, lat: entry.latitude, lng: entry.longitude, n: 1 });
    }
  }
  townCentres = new Map(
    [...sums].map(([key, { entry, lat, lng, n }]) => [
      key,
      { name: entry.city, state: entry.state, latitude: lat / n, longitude: lng / n, zips: n },
    ]),
  );
  return townCentres;
}

/** Towns by name alone, each name's largest first (then by state, so the order is stable). */
function namedTowns(): Map<string, TownCentre[]> {
  if (townsByName) return townsByName;
  const byName = new Map<string, TownCentre[]>();
  for (const town of towns().values()) {
    const key = nameKey(town.name);
    const list = byName.get(key);
    if (list) list.push(town);
    else byName.set(key, [town]);
  }
  for (const list of byName.values()) {
    list.sort((a, b) => b.zips - a.zips || a.state.localeCompare(b.state));
  }
  townsByName = byName;
  return byName;
}

function placeOfZip(entry: zipcodes.ZipCode): Place {
  return {
    latitude: entry.latitude,
    longitude: entry.longitude,
    label: entry.zip,
    zip: entry.zip,
  };
}

function placeOfTown(town: TownCentre): Place {
  return {
    latitude: town.latitude,
    longitude: town.longitude,
    label: `${town.name}, ${town.state}`,
    zip: null,
  };
}

/** The last known ZIP in the text (a street number can also have five digits; the ZIP comes later). */
function findZip(text: string): Place | null {
  const matches = [...text.matchAll(ZIP_PATTERN)].reverse();
  for (const match of matches) {
    const entry = match[1] ? usZip(match[1]) : null;
    if (entry) return placeOfZip(entry);
  }
  return null;
}

function townIn(words: string[], state: string): TownCentre | null {
  const index = towns();
  // Longest first, so "New York NY" is New York rather than York.
  for (let count = Math.min(MAX_TOWN_WORDS, words.length); count > 0; count -= 1) {
    const town = index.get(townKey(words.slice(-count).join(' '), state));
    if (town) return town;
  }
  return null;
}

/** "Town, ST" or "Town ST" in an address, scanning its comma-separated parts from the end. */
function findTown(text: string): Place | null {
  const parts = text
    .split(',')
    .map((part) => part.replace(ZIP_PATTERN, ' ').trim())
    .filter((part) => part.length > 0);
  for (let i = parts.length - 1; i >= 0; i -= 1) {
    const part = parts[i] ?? '';
    // "Madison WI" in one part.
    const inline = TOWN_STATE_PATTERN.exec(part);
    if (inline?.[1] && inline[2]) {
      const town = townIn(inline[1].split(/\s+/), inline[2]);
      if (town) return placeOfTown(town);
    }
    // "Madison, WI": the state alone in this part (possibly followed by more), the town before it.
    const state = /^([a-z]{2})\b/i.exec(part)?.[1];
    const before = parts[i - 1];
    if (state && before) {
      const town = townIn(before.split(/\s+/), state);
      if (town) return placeOfTown(town);
    }
  }
  return null;
}

/** Where a sale's address is, roughly: its ZIP's centre, else its town's; null when neither is found. */
export function placeAddress(address: string): Place | null {
  return findZip(address) ?? findTown(address);
}

/**
 * What a buyer typed to find sales near a place: a ZIP or "Town, ST" gives one place; a bare town
 * name gives every town of that name (at most MAX_TOWN_MATCHES), the largest first. Empty when
 * nothing fits.
 */
export function lookupPlaces(query: string): Place[] {
  const text = query.trim();
  const place = placeAddress(text);
  if (place) return [place];
  // "Madison" or "madison,": a name without a state. Digits mean a ZIP or a street, not a town.
  const name = text.replace(/[\s,]+$/, '');
  if (name.length < 2 || /\d/.test(name)) return [];
  return (namedTowns().get(nameKey(name)) ?? []).slice(0, MAX_TOWN_MATCHES).map(placeOfTown);
}

/** The likeliest place for what a buyer typed (see lookupPlaces); null when nothing fits. */
export function lookupPlace(query: string): Place | null {
  return lookupPlaces(query)[0] ?? null;
}
