import { readdirSync } from 'node:fs';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { UI_TEXT } from '@yardsale/validators';
import { testDatabaseKinds } from '@yardsale/db/testing';

import { describeError } from '../errors';
import { addListingPhotos } from '../services/listing-photos';
import { createListing, purgeEndedListings } from '../services/listings';
import { START, item, listingRateLimits, sale, sellerSignUp } from '../../test/listing-testing';
import { TEST_ADMIN_EMAIL, createTestApi, refusal } from '../../test/testing';
import type { TestApi } from '../../test/testing';

const DAY_MS = 24 * 60 * 60 * 1000;

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

async function photo(
  color: string,
  options: { width?: number; height?: number; gps?: boolean } = {},
) {
  const image = sharp({
    create: {
      width: options.width ?? 800,
      height: options.height ?? 600,
      channels: 3,
      background: color,
    },
  }).jpeg();
  return options.gps
    ? image
        .withExif({
          IFD0: { Make: 'PhoneCo' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1' },
        })
        .toBuffer()
    : image.toBuffer();
}

// Search is in listings-search.test.ts.
describe.each(testDatabaseKinds())('listings on %s', (kind) => {
  let api: TestApi;
  let clock = START;

  beforeAll(async () => {
    api = await createTestApi(kind, { now: () => clock, rateLimits: listingRateLimits });
  });
  afterAll(async () => {
    await api.close();
  });

  const person = sellerSignUp(() => api, kind);

  it('creates a listing with photos stored upright, resized, as WebP without metadata', async () => {
    clock = START;
    const seller = await person();
    const id = await createListing(api.deps, seller.user, item(), [
      await photo('#aa5522', { width: 2400, height: 1600, gps: true }),
      await photo('#2255aa'),
    ]);
    const detail = await seller.caller.listings.byId({ id });
    expect(detail).toMatchObject({
      title: 'Solid oak dining table',
      category: 'Furniture',
      imageCount: 2,
      isExpired: false,
    });
    expect(detail.user).toEqual({
      id: seller.user.id,
      firstName: seller.user.firstName,
      lastName: 'Brook',
      profilePicture: null,
      averageRating: null,
      totalReviews: 0,
    });
    expect(detail.images.map((i) => i.isPrimary)).toEqual([true, false]);
    expect(detail.primaryImage?.thumbnailUrl).toBe(detail.images[0]?.thumbnailUrl);

    const first = detail.images[0];
    const detailFile = path.join(api.uploadsDir, first?.imageUrl.replace('/uploads/', '') ?? '');
    const cardFile = path.join(api.uploadsDir, first?.thumbnailUrl.replace('/uploads/', '') ?? '');
    const big = await sharp(detailFile).metadata();
    const card = await sharp(cardFile).metadata();
    expect(big.format).toBe('webp');
    expect(big.width).toBe(1280);
    expect(card.width).toBe(640);
    expect(big.exif).toBeUndefined();
    expect(card.exif).toBeUndefined();
  });

  it('creates nothing when a photo is not an image or there are more than five', async () => {
    const seller = await person();
    const before = files(api.uploadsDir).length;
    const countListings = async () =>
      (
        await api.deps.db
          .select()
          .from(schema.listings)
          .where(eq(schema.listings.userId, seller.user.id))
      ).length;

    const corrupt = await refusal(
      createListing(api.deps, seller.user, item(), [
        await photo('#111111'),
        Buffer.from('not a photo at all'),
      ]),
    );
    expect(corrupt.code).toBe('BAD_REQUEST');

    const six = await Promise.all(
      ['#1', '#2', '#3', '#4', '#5', '#6'].map((c) => photo(`${c}0${c.slice(1)}0${c.slice(1)}0`)),
    );
    const tooMany = await refusal(createListing(api.deps, seller.user, item(), six));
    expect(tooMany.message).toBe(UI_TEXT.listing.tooManyPhotos);

    expect(await countListings()).toBe(0);
    expect(files(api.uploadsDir)).toHaveLength(before);
  });

  it('keeps to five photos across later uploads', async () => {
    const seller = await person();
    const id = await createListing(api.deps, seller.user, item(), [
      await photo('#101010'),
      await photo('#202020'),
      await photo('#303030'),
    ]);
    const refused = await refusal(
      addListingPhotos(api.deps, seller.user, id, [
        await photo('#404040'),
        await photo('#505050'),
        await photo('#606060'),
      ]),
    );
    expect(refused.message).toBe(UI_TEXT.listing.tooManyPhotos);
    const added = await addListingPhotos(api.deps, seller.user, id, [
      await photo('#404040'),
      await photo('#505050'),
    ]);
    expect(added.images).toHaveLength(5);
    expect(added.images.filter((i) => i.isPrimary)).toHaveLength(1);
  });

  it('moves the cover to the next photo when the primary one is removed, and deletes its files', async () => {
    const seller = await person();
    const id = await createListing(api.deps, seller.user, item(), [
      await photo('#aa0000'),
      await photo('#00aa00'),
    ]);
    const before = await seller.caller.listings.byId({ id });
    const [primary, second] = before.images;
    const after = await seller.caller.listings.removeImage({
      listingId: id,
      imageId: primary?.id ?? 0,
    });
    expect(after.images).toHaveLength(1);
    expect(after.images[0]).toMatchObject({ id: second?.id, isPrimary: true });
    expect(
      files(api.uploadsDir).some(
        (f) => primary && f.endsWith(primary.imageUrl.split('/').at(-1) ?? '-'),
      ),
    ).toBe(false);
  });

  it('lets only the seller edit, and the seller or an admin delete, with everything that hangs on it', async () => {
    const seller = await person();
    const other = await person();
    const admin = await person(TEST_ADMIN_EMAIL.replace('@', `+${kind}@`));
    await api.deps.db
      .update(schema.users)
      .set({ role: 'admin' })
      .where(eq(schema.users.id, admin.user.id));
    // The role is read when a request starts: a fresh request sees the admin.
    const adminCaller = (await api.as(admin.cookie)).caller;

    const id = await createListing(api.deps, seller.user, item(), [await photo('#777777')]);
    const forbidden = await refusal(
      other.caller.listings.update({ id, listing: item({ title: 'Mine now' }) }),
    );
    expect(forbidden.code).toBe('FORBIDDEN');
    expect((await refusal(other.caller.listings.delete({ id }))).code).toBe('FORBIDDEN');
    expect(
      (await refusal(adminCaller.listings.update({ id, listing: item({ title: 'Admin edit' }) })))
        .code,
    ).toBe('FORBIDDEN');

    const refused = await refusal(
      seller.caller.listings.update({ id, listing: item({ address: '' }) }),
    );
    // Field messages are keyed by the form's own field names, not by the wrapper's.
    expect(describeError(refused, api.logger).zodError?.fieldErrors.address).toEqual([
      UI_TEXT.listing.addressRequired,
    ]);

    const updated = await seller.caller.listings.update({
      id,
      listing: item({ title: 'Oak table, now with chairs' }),
    });
    expect(updated.title).toBe('Oak table, now with chairs');

    await other.caller.saved.save({ listingId: id });
    await api.deps.db
      .insert(schema.conversations)
      .values({ listingId: id, buyerId: other.user.id, sellerId: seller.user.id });
    const filesBefore = files(api.uploadsDir).length;

    await adminCaller.listings.delete({ id });
    expect((await refusal(seller.caller.listings.byId({ id }))).message).toBe(
      UI_TEXT.listing.notFound,
    );
    const db = api.deps.db;
    expect(
      await db.select().from(schema.listingImages).where(eq(schema.listingImages.listingId, id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(schema.savedListings).where(eq(schema.savedListings.listingId, id)),
    ).toHaveLength(0);
    expect(
      await db.select().from(schema.conversations).where(eq(schema.conversations.listingId, id)),
    ).toHaveLength(0);
    expect(files(api.uploadsDir)).toHaveLength(filesBefore - 2);
  });

  it('hides an ended listing everywhere at once, shows it to its owner as Expired, and purges it a week later', async () => {
    clock = START;
    const seller = await person();
    const viewer = await person();
    const id = await createListing(
      api.deps,
      seller.user,
      item({ title: 'Vintage brass floor lamp', category: 'Antiques' }),
      [await photo('#c0a060')],
    );
    await viewer.caller.saved.save({ listingId: id });
    const visible = async () => {
      const page = await viewer.caller.listings.list({ search: 'brass lamp' });
      return page.items.some((l) => l.id === id);
    };
    expect(await visible()).toBe(true);

    clock = new Date(START.getTime() + 13 * DAY_MS);
    expect(await visible()).toBe(true);

    clock = new Date(START.getTime() + 14 * DAY_MS + 1000);
    expect(await visible()).toBe(false);
    expect(
      (await viewer.caller.listings.byUser({ userId: seller.user.id })).map((l) => l.id),
    ).not.toContain(id);
    expect((await viewer.caller.saved.list()).map((l) => l.id)).not.toContain(id);
    expect((await refusal(viewer.caller.listings.byId({ id }))).code).toBe('NOT_FOUND');
    const own = await seller.caller.listings.mine();
    expect(own.find((l) => l.id === id)?.isExpired).toBe(true);
    expect((await seller.caller.listings.byId({ id })).isExpired).toBe(true);

    clock = new Date(START.getTime() + 20 * DAY_MS);
    await purgeEndedListings(api.deps, 7);
    expect((await seller.caller.listings.mine()).map((l) => l.id)).toContain(id);

    const filesBefore = files(api.uploadsDir).length;
    clock = new Date(START.getTime() + 21 * DAY_MS + 1000);
    expect(await purgeEndedListings(api.deps, 7)).toBeGreaterThanOrEqual(1);
    expect((await seller.caller.listings.mine()).map((l) => l.id)).not.toContain(id);
    expect(files(api.uploadsDir).length).toBeLessThanOrEqual(filesBefore - 2);
    expect(await purgeEndedListings(api.deps, 7)).toBe(0);
    clock = START;
  });

  it("ends a garage sale at its end time in the seller's time zone", async () => {
    clock = new Date('2026-06-05T12:00:00Z');
    const seller = await person();
    const { id } = await seller.caller.listings.create(
      sale({ startDate: '2026-06-06', endTime: '14:00', timeZone: 'America/Chicago' }),
    );
    const detail = await seller.caller.listings.byId({ id });
    // 14:00 in Chicago (CDT, UTC-5) is 19:00 UTC.
    expect(detail.endsAt.toISOString()).toBe('2026-06-06T19:00:00.000Z');

    clock = new Date('2026-06-06T18:59:00Z');
    expect(
      (await seller.caller.listings.salesBetween({ from: '2026-06-06', to: '2026-06-07' })).map(
        (l) => l.id,
      ),
    ).toContain(id);
    clock = new Date('2026-06-06T19:00:01Z');
    expect(
      (await seller.caller.listings.salesBetween({ from: '2026-06-06', to: '2026-06-07' })).map(
        (l) => l.id,
      ),
    ).not.toContain(id);
    clock = START;
  });

  it('saves idempotently and unsaves', async () => {
    const seller = await person();
    const buyer = await person();
    const { id } = await seller.caller.listings.create(item());
    expect(await buyer.caller.saved.isSaved({ listingId: id })).toEqual({ isSaved: false });
    await buyer.caller.saved.save({ listingId: id });
    await buyer.caller.saved.save({ listingId: id });
    const rows = await api.deps.db
      .select()
      .from(schema.savedListings)
      .where(eq(schema.savedListings.listingId, id));
    expect(rows).toHaveLength(1);
    expect(await buyer.caller.saved.isSaved({ listingId: id })).toEqual({ isSaved: true });
    expect((await buyer.caller.saved.list()).map((l) => l.id)).toEqual([id]);
    await buyer.caller.saved.unsave({ listingId: id });
    expect(await buyer.caller.saved.list()).toEqual([]);
    expect((await refusal(buyer.caller.saved.save({ listingId: 999_999 }))).code).toBe('NOT_FOUND');
  });

  it("shows a seller's public profile without contact details", async () => {
    const seller = await person();
    const viewer = await person();
    const profile = await viewer.caller.users.byId({ id: seller.user.id });
    expect(Object.keys(profile).sort()).toEqual([
      'createdAt',
      'firstName',
      'id',
      'lastName',
      'profilePicture',
    ]);
    expect((await refusal(viewer.caller.users.byId({ id: 999_999 }))).message).toBe(
      'User Not Found',
    );
  });

  it('refuses garage sales without their date and times, with the product messages', async () => {
    const seller = await person();
    const err = await refusal(
      seller.caller.listings.create(sale({ startDate: '', startTime: '', endTime: '' })),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(err.cause)).toContain(UI_TEXT.listing.dateRequired);
  });
});
