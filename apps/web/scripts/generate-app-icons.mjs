// Draws the installable app's PNG icons from the favicon's design. Run after changing the mark:
//   node apps/web/scripts/generate-app-icons.mjs
// The PNGs are committed, so builds need no image tooling.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

// sharp is a dependency of the API package; borrowing it keeps the web app's dependencies unchanged.
const require = createRequire(new URL('../../../packages/api/package.json', import.meta.url));
const sharp = require('sharp');

const publicDir = new URL('../public/', import.meta.url);
const favicon = await readFile(new URL('favicon.svg', publicDir));

// Full-bleed square with the house inside the central 80% (the maskable safe zone), for
// launchers that cut their own shape and for iOS, which fills transparent corners with black.
const fullBleed = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="#bf4a12"/>
  <g transform="translate(32 33) scale(1.1) translate(-32 -33)">
    <path d="M18 30 32 18l14 12v15a3 3 0 0 1-3 3H21a3 3 0 0 1-3-3Z" fill="#fff6ed"/>
    <path d="M27 48V37a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v11" fill="#bf4a12"/>
    <circle cx="40.5" cy="24.5" r="3.5" fill="#1b5e45"/>
  </g>
</svg>`);

const icons = [
  { file: 'pwa-192x192.png', source: favicon, size: 192 },
  { file: 'pwa-512x512.png', source: favicon, size: 512 },
  { file: 'maskable-512x512.png', source: fullBleed, size: 512 },
  { file: 'apple-touch-icon-180x180.png', source: fullBleed, size: 180 },
];

for (const { file, source, size } of icons) {
  const png = await sharp(source, { density: 72 * Math.ceil(size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(new URL(file, publicDir), png);
  console.log(`${file} ${size}x${size}`);
}
