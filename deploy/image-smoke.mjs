// A started image checked the way a new operator and its first users would: the probes, a sign-up as
// the web app sends it and the new account's profile picture, the admin's listing with a photo (both
// real JPEGs: sharp inside the image makes the pictures and thumbnails), and the built web app with
// one of its scripts. A new account may list only once its address is confirmed, which needs mail;
// the admin, whom the start creates, may list at once.
//   ADMIN_EMAIL=... ADMIN_PASSWORD=... node deploy/image-smoke.mjs <base-url>
// Node.js 24 and nothing else: it runs on the machine that started the image, outside it.
import { readFile } from 'node:fs/promises';

const base = process.argv[2];
if (!base) {
  console.error('usage: node deploy/image-smoke.mjs <base-url>');
  process.exit(2);
}
const origin = new URL(base).origin;
const admin = {
  email: process.env.ADMIN_EMAIL || 'admin@yardsale.local',
  password: process.env.ADMIN_PASSWORD,
};
if (!admin.password) {
  console.error('image smoke: ADMIN_PASSWORD, as the image was started with, is required');
  process.exit(2);
}
const jpeg = await readFile(new URL('./image-smoke.jpg', import.meta.url));

function fail(message, detail) {
  console.error(`image smoke: ${message}`);
  if (detail !== undefined) console.error(detail);
  process.exit(1);
}

async function step(name, run) {
  const started = performance.now();
  await run();
  console.log(`image smoke: ${name} (${Math.round(performance.now() - started)} ms)`);
}

async function expectImage(url) {
  const res = await fetch(new URL(url, base));
  await expectStatus(res, 200, url);
  const type = res.headers.get('content-type') ?? '';
  const bytes = (await res.arrayBuffer()).byteLength;
  if (!type.startsWith('image/') || bytes === 0) fail(`${url} is not an image: ${type}`);
}

async function expectStatus(res, status, what) {
  if (res.status !== status) fail(`${what}: ${res.status}, expected ${status}`, await res.text());
}

await step('/healthz 200', async () => {
  await expectStatus(await fetch(`${base}/healthz`), 200, '/healthz');
});

await step('/readyz 200 (database and photo storage)', async () => {
  const res = await fetch(`${base}/readyz`);
  await expectStatus(res, 200, '/readyz');
});

// The web app's tRPC client batches every call (?batch=1), with superjson's envelope.
let cookie = '';
const email = `image-smoke-${Date.now()}@example.com`;
await step('sign-up through tRPC auth.register, as the web app sends it', async () => {
  const res = await fetch(`${base}/trpc/auth.register?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      0: {
        json: {
          email,
          password: 'image-smoke-pass-1',
          firstName: 'Ada',
          lastName: 'Image',
          termsAccepted: true,
        },
      },
    }),
  });
  await expectStatus(res, 200, 'auth.register');
  cookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  if (!cookie) fail('auth.register set no session cookie');
  const me = await fetch(`${base}/api/user`, { headers: { cookie } });
  await expectStatus(me, 200, 'GET /api/user with the new session');
  const user = await me.json();
  if (user.email !== email) fail('the session is not the new account', user);
});

await step("the new account's profile picture through /api/user/profile-picture", async () => {
  const form = new FormData();
  form.append('profilePicture', new Blob([jpeg], { type: 'image/jpeg' }), 'me.jpg');
  const res = await fetch(`${base}/api/user/profile-picture`, {
    method: 'POST',
    headers: { cookie, origin },
    body: form,
  });
  await expectStatus(res, 200, 'profile-picture');
  const { profilePicture } = await res.json();
  if (typeof profilePicture !== 'string') fail('no profile picture in the answer');
  await expectImage(profilePicture);
});

let adminCookie = '';
await step('the admin signs in through /api/login', async () => {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  await expectStatus(res, 200, '/api/login');
  adminCookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  if (!adminCookie) fail('/api/login set no session cookie');
});

let listingId = 0;
await step('a listing with a photo through /api/listings/create-with-photos', async () => {
  const form = new FormData();
  form.append(
    'listing',
    JSON.stringify({
      title: 'Image smoke chair',
      description: 'Checked by the container image smoke test.',
      category: 'Furniture',
      listingType: 'single-item',
      priceRange: 'Under $25',
      address: '4 Mill Lane',
      startDate: '',
      endDate: '',
      startTime: '',
      endTime: '',
      contactPhone: '',
      contactEmail: '',
      timeZone: 'UTC',
      location: null,
    }),
  );
  form.append('photos', new Blob([jpeg], { type: 'image/jpeg' }), 'chair.jpg');
  const res = await fetch(`${base}/api/listings/create-with-photos`, {
    method: 'POST',
    headers: { cookie: adminCookie, origin },
    body: form,
  });
  await expectStatus(res, 200, 'create-with-photos');
  listingId = (await res.json()).id;
  if (!Number.isInteger(listingId)) fail('create-with-photos returned no listing id');
});

await step("the listing's photo and thumbnail are served", async () => {
  const res = await fetch(`${base}/api/listings/${listingId}`, {
    headers: { cookie: adminCookie },
  });
  await expectStatus(res, 200, `GET /api/listings/${listingId}`);
  const listing = await res.json();
  const image = listing.images?.[0];
  if (!image) fail('the listing has no photo', listing);
  if (image.width !== 96 || image.height !== 72) fail('the photo was not read by sharp', image);
  await expectImage(image.imageUrl);
  await expectImage(image.thumbnailUrl);
});

await step('/ serves the built web app and its script', async () => {
  const res = await fetch(`${base}/`);
  await expectStatus(res, 200, '/');
  const html = await res.text();
  if (!html.includes('<div id="root">')) fail('/ is not the web app', html.slice(0, 500));
  const script = html.match(/<script[^>]+src="([^"]+\.js)"/)?.[1];
  if (!script) fail('the web app names no script', html.slice(0, 500));
  const js = await fetch(new URL(script, base));
  await expectStatus(js, 200, script);
  if (!(js.headers.get('content-type') ?? '').includes('javascript')) {
    fail(`${script} is not served as JavaScript`);
  }
  if ((await js.text()).length < 1000) fail(`${script} is nearly empty`);
});

console.log('image smoke: all checks passed');
