/** The searches the benchmark measures, by type, with the variants each type repeats. */
import { CATEGORIES, LISTING_TYPES } from '@yardsale/validators';

import { townCentre } from '../lib/towns';

export interface SearchParams {
  search?: string;
  category?: string;
  listingType?: string;
  /** `<latitude>,<longitude>` */
  near?: string;
  radiusMiles?: number;
  sort?: 'distance';
}

export interface QueryType {
  name: string;
  variants: SearchParams[];
  /** Every listing found mentions the searched word itself (title, description or category). */
  mentionsWord?: boolean;
  /** Measure the pages after the first, following nextCursor, instead of the first page. */
  followPage?: 2 | 3;
}

export const QUERY_TYPES: QueryType[] = [
  {
    name: 'word',
    mentionsWord: true,
    variants: ['table', 'bike', 'lamp', 'sofa', 'dresser', 'stroller'].map((search) => ({
      search,
    })),
  },
  {
    name: 'misspelling',
    variants: ['tabel', 'bycicle', 'sofaa', 'lampp', 'dreser', 'strolller'].map((search) => ({
      search,
    })),
  },
  {
    name: 'partial word',
    variants: ['furn', 'vint', 'elec', 'antiq', 'strol', 'bik'].map((search) => ({ search })),
  },
  {
    // Nobody sells these: both the exact and the spelt-alike search run and find (next to) nothing.
    name: 'not sold here',
    variants: [
      'trampoline',
      'wheelbarrow',
      'accordion',
      'typewriter',
      'snowblower',
      'microwave',
    ].map((search) => ({ search })),
  },
  {
    name: 'two words',
    variants: [
      'dining table',
      'kids bike',
      'garage sale',
      'winter tires',
      'coffee table',
      'record player',
    ].map((search) => ({ search })),
  },
  {
    name: 'word + category',
    variants: [
      { search: 'table', category: 'Furniture' },
      { search: 'bike', category: 'Sports' },
      { search: 'lamp', category: 'Home & Garden' },
      { search: 'lego', category: 'Toys' },
      { search: 'clock', category: 'Antiques' },
      { search: 'tools', category: 'Multi-Family' },
    ],
  },
  { name: 'category only', variants: CATEGORIES.map((category) => ({ category })) },
  {
    name: 'listing type',
    variants: [
      ...LISTING_TYPES.map((listingType) => ({ listingType })),
      { search: 'tools', listingType: 'garage-sale' },
      { search: 'chair', listingType: 'single-item' },
    ],
  },
  { name: 'browse (no search)', variants: [{}] },
  {
    name: 'page 2 (cursor)',
    followPage: 2,
    variants: [
      {},
      { search: 'table' },
      { category: 'Furniture' },
      { search: 'bike', category: 'Sports' },
      { search: 'tabel' },
    ],
  },
  {
    name: 'page 3 (cursor)',
    followPage: 3,
    variants: [
      {},
      { search: 'table' },
      { category: 'Furniture' },
      { search: 'bike', category: 'Sports' },
      { search: 'tabel' },
    ],
  },
];

export function describeParams(p: SearchParams) {
  const parts = [
    p.search !== undefined ? `"${p.search}"` : '',
    p.category ? `category=${p.category}` : '',
    p.listingType ? `type=${p.listingType}` : '',
    p.near ? `within ${p.radiusMiles ?? '∞'} mi of ${p.near}` : '',
    p.sort ? `sort=${p.sort}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : 'everything';
}

/** Around a town's centre, a little off it (as a buyer's own position would be). */
function nearTown(town: number) {
  const centre = townCentre(town);
  return `${(centre.latitude + 0.013).toFixed(4)},${(centre.longitude - 0.021).toFixed(4)}`;
}

export const DISTANCE_TOWNS = [3, 41, 97, 150, 212, 288];

export const DISTANCE_QUERY_TYPES: QueryType[] = [
  {
    name: 'within 10 miles',
    variants: DISTANCE_TOWNS.map((town) => ({ near: nearTown(town), radiusMiles: 10 })),
  },
  {
    name: 'within 10 mi, nearest first',
    variants: DISTANCE_TOWNS.map((town) => ({
      near: nearTown(town),
      radiusMiles: 10,
      sort: 'distance' as const,
    })),
  },
  {
    name: 'within 10 miles + a word',
    variants: DISTANCE_TOWNS.map((town, i) => ({
      near: nearTown(town),
      radiusMiles: 10,
      search: ['table', 'bike', 'lamp', 'sofa', 'dresser', 'stroller'][i] ?? 'table',
    })),
  },
  {
    name: 'nearest first, no radius',
    variants: DISTANCE_TOWNS.map((town) => ({ near: nearTown(town), sort: 'distance' as const })),
  },
  {
    name: 'within 10 mi nearest, page 2',
    followPage: 2,
    variants: DISTANCE_TOWNS.map((town) => ({
      near: nearTown(town),
      radiusMiles: 10,
      sort: 'distance' as const,
    })),
  },
];
