import { randomUUID } from 'node:crypto';

import type { Category } from '@yardsale/validators';
import sharp from 'sharp';

import type { FileStorage } from '../storage';
import type { PlannedListing } from './listing-plan';

/** The two stored sizes, matching what the upload path produces for real photos. */
const CARD_WIDTH = 640;
const DETAIL_WIDTH = 1280;
const DETAIL_HEIGHT = 960;

interface RenderedPhoto {
  card: Buffer;
  detail: Buffer;
  width: number;
  height: number;
}

interface CategoryLook {
  from: string;
  to: string;
  /** SVG drawn in a 200 x 200 box, filled by the caller. */
  icon: string;
}

// Colours follow the category badge colours where the product gives one
// (docs/product/data.md#lists).
const LOOKS: Record<Category, CategoryLook> = {
  'Multi-Family': {
    from: '#fbbf24',
    to: '#b45309',
    icon: '<path d="M10 110 L45 75 L80 110 V170 H10 Z"/><path d="M65 95 L110 50 L155 95 V170 H65 Z"/><path d="M130 115 L162 83 L194 115 V170 H130 Z"/>',
  },
  Electronics: {
    from: '#60a5fa',
    to: '#1e3a8a',
    icon: '<rect x="20" y="30" width="160" height="105" rx="10"/><rect x="88" y="135" width="24" height="25"/><rect x="55" y="158" width="90" height="12" rx="6"/>',
  },
  Furniture: {
    from: '#4ade80',
    to: '#166534',
    icon: '<rect x="30" y="70" width="140" height="55" rx="14"/><rect x="15" y="95" width="30" height="55" rx="10"/><rect x="155" y="95" width="30" height="55" rx="10"/><rect x="40" y="120" width="120" height="30" rx="8"/><rect x="35" y="150" width="12" height="25"/><rect x="153" y="150" width="12" height="25"/>',
  },
  Clothing: {
    from: '#c084fc',
    to: '#6b21a8',
    icon: '<path d="M70 25 Q100 50 130 25 L185 55 L165 95 L145 85 V180 H55 V85 L35 95 L15 55 Z"/>',
  },
  'Books & Media': {
    from: '#818cf8',
    to: '#312e81',
    icon: '<rect x="25" y="140" width="150" height="30" rx="4"/><rect x="40" y="105" width="130" height="30" rx="4"/><rect x="30" y="70" width="140" height="30" rx="4"/><rect x="50" y="35" width="110" height="30" rx="4"/>',
  },
  'Kids & Family': {
    from: '#f9a8d4',
    to: '#be185d',
    icon: '<ellipse cx="100" cy="75" rx="50" ry="60"/><path d="M92 133 L108 133 L100 145 Z"/><path d="M100 145 Q85 165 100 190" stroke="white" stroke-width="4" fill="none"/>',
  },
  Toys: {
    from: '#fda4af',
    to: '#ea580c',
    icon: '<rect x="20" y="110" width="75" height="65" rx="8"/><rect x="105" y="110" width="75" height="65" rx="8"/><rect x="62" y="40" width="75" height="65" rx="8"/><circle cx="100" cy="72" r="12" opacity="0.5"/>',
  },
  Sports: {
    from: '#2dd4bf',
    to: '#0f766e',
    icon: '<circle cx="100" cy="100" r="75"/><path d="M40 60 Q100 100 40 140 M160 60 Q100 100 160 140" stroke-width="8" fill="none" stroke="black" opacity="0.25"/>',
  },
  'Home & Garden': {
    from: '#6ee7b7',
    to: '#047857',
    icon: '<circle cx="100" cy="45" r="22"/><circle cx="70" cy="70" r="22"/><circle cx="130" cy="70" r="22"/><circle cx="82" cy="102" r="22"/><circle cx="118" cy="102" r="22"/><rect x="95" y="110" width="10" height="70"/><path d="M100 150 Q140 120 160 140 Q135 165 100 160 Z"/>',
  },
  Automotive: {
    from: '#94a3b8',
    to: '#1e293b',
    icon: '<path d="M15 120 L40 80 Q50 65 70 65 H130 Q150 65 160 80 L185 120 V150 H15 Z"/><circle cx="55" cy="155" r="22"/><circle cx="145" cy="155" r="22"/>',
  },
  Collectibles: {
    from: '#fde047',
    to: '#a16207',
    icon: '<path d="M100 15 L123 75 L187 78 L137 118 L154 180 L100 145 L46 180 L63 118 L13 78 L77 75 Z"/>',
  },
  Antiques: {
    from: '#fdba74',
    to: '#9a3412',
    icon: '<circle cx="100" cy="110" r="70"/><rect x="90" y="20" width="20" height="22" rx="4"/><path d="M100 110 V65 M100 110 L135 130" stroke="black" opacity="0.35" stroke-width="9" stroke-linecap="round"/>',
  },
  Other: {
    from: '#d1d5db',
    to: '#4b5563',
    icon: '<rect x="25" y="75" width="150" height="105" rx="8"/><rect x="15" y="50" width="170" height="35" rx="6"/><rect x="92" y="50" width="16" height="130" opacity="0.5"/>',
  },
};

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/**
 * A tidy illustration standing in for a seller's photo: the category's colours and symbol with the item's
 * name. `variant` (the photo's position) changes the composition so a listing's photos differ.
 */
function listingPhotoSvg(label: string, category: Category, variant: number): string {
  const look = LOOKS[category];
  const w = DETAIL_WIDTH;
  const h = DETAIL_HEIGHT;
  const angle = (variant * 55 + 20) % 360;
  // The name band sits above the photo's bottom quarter, which the app covers with its photo
  // counters (on cards and on the listing page); the band stays clear of them at every card size.
  const bandTop = Math.round(h * 0.56);
  const bandHeight = 180;
  // The symbol sits centred in the area above the name band, nudged sideways and resized per variant.
  const iconScale = 2.3 - (variant % 3) * 0.35;
  const iconX = w / 2 - 100 * iconScale + ((variant % 3) - 1) * 220;
  const iconY = bandTop / 2 - 100 * iconScale + (variant % 2) * 20;
  // Bold sans glyphs average about 0.62 em: keep the name inside the width.
  const fontSize = Math.min(76, Math.floor((w - 120) / (Math.max(label.length, 1) * 0.62)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${look.from}"/>
      <stop offset="1" stop-color="${look.to}"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <circle cx="${w * 0.85}" cy="${h * 0.15}" r="260" fill="white" opacity="0.08"/>
  <circle cx="${w * 0.1}" cy="${h * 0.75}" r="200" fill="white" opacity="0.06"/>
  <g transform="translate(${iconX} ${iconY}) scale(${iconScale})" fill="white" opacity="0.92">${look.icon}</g>
  <rect x="0" y="${bandTop}" width="${w}" height="${bandHeight}" fill="black" opacity="0.28"/>
  <text x="${w / 2}" y="${bandTop + bandHeight / 2}" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"
    font-size="${fontSize}" font-weight="bold" fill="white" text-anchor="middle" dominant-baseline="middle">${escapeXml(label)}</text>
</svg>`;
}

async function renderListingPhoto(
  label: string,
  category: Category,
  variant: number,
): Promise<RenderedPhoto> {
  // Rasterise the SVG once; both sizes are encoded from the same pixels.
  const { data, info } = await sharp(Buffer.from(listingPhotoSvg(label, category, variant)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [detail, card] = await Promise.all([
    sharp(data, raw).webp({ quality: 80, effort: 2 }).toBuffer(),
    sharp(data, raw).resize({ width: CARD_WIDTH }).webp({ quality: 80, effort: 2 }).toBuffer(),
  ]);
  return { card, detail, width: info.width, height: info.height };
}

// Photo rendering is CPU-bound and libvips already uses threads; two at a time keeps memory flat.
const PHOTO_CONCURRENCY = 2;

export interface StoredPhoto {
  imageUrl: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

/**
 * Renders each planned listing's photos and stores both sizes, answering them by listing key; every key
 * written is pushed to `storedKeys` as it is written, so a seed that fails can remove them.
 */
export async function storePhotos(
  planned: readonly PlannedListing[],
  storage: FileStorage,
  storedKeys: string[],
): Promise<Map<string, StoredPhoto[]>> {
  const jobs = planned.flatMap((listing) =>
    listing.photos.map((label, position) => ({ listing, label, position })),
  );
  const results = new Map<string, StoredPhoto[]>(planned.map((l) => [l.key, []]));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job) break;
      const photo = await renderListingPhoto(job.label, job.listing.category, job.position);
      const id = randomUUID();
      const cardKey = `listings/${id}-card.webp`;
      const detailKey = `listings/${id}-detail.webp`;
      await storage.put(cardKey, photo.card, 'image/webp');
      storedKeys.push(cardKey);
      await storage.put(detailKey, photo.detail, 'image/webp');
      storedKeys.push(detailKey);
      const list = results.get(job.listing.key) ?? [];
      list[job.position] = {
        imageUrl: storage.urlFor(detailKey),
        thumbnailUrl: storage.urlFor(cardKey),
        width: photo.width,
        height: photo.height,
      };
      results.set(job.listing.key, list);
    }
  };
  await Promise.all(Array.from({ length: PHOTO_CONCURRENCY }, worker));
  return results;
}
