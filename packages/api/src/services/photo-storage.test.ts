/**
 * Photos in an S3-compatible bucket (a real one, s3rver, started here): every way a photo stops being used
 * removes its objects, and a failed write leaves neither objects nor rows. The bucket is listed, not the
 * storage asked, so what is checked is what an operator would find.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { FileStorage, OpenStorage } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import { createS3Storage } from '@yardsale/db/s3-storage';
import { startS3Server } from '@yardsale/db/s3-testing';
import type { S3TestServer } from '@yardsale/db/s3-testing';
import { testDatabaseKinds } from '@yardsale/db/testing';
import type { ListingInput } from '@yardsale/validators';

import { TEST_ADMIN_EMAIL, createTestApi } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import { addListingPhotos } from './listing-photos';
import { createListing, purgeEndedListings } from './listings';
import { setProfilePicture } from './users';

const item = (title: string): ListingInput => ({
  title,
  description: 'Kept in a dry shed.',
  category: 'Furniture',
  listingType: 'single-item',
  priceRange: 'Under $25',
  address: '3 Bucket Lane, Brookfield',
  timeZone: 'America/Chicago',
});

function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

const keyOf = (url: string) => url.replace(/^\/uploads\//, '');

for (const kind of testDatabaseKinds()) {
  describe(`photos in an S3 bucket (${kind})`, () => {
    let s3: S3TestServer;
    let bucket: OpenStorage;
    let api: TestApi;
    let puts = 0;
    let failingPut: number | undefined;
    /** The store refuses the nth put from now (1 = the next one), then works again. */
    const armFailure = (nth: number) => {
      failingPut = puts + nth;
    };

    beforeAll(async () => {
      s3 = await startS3Server({ bucket: 'listing-photos' });
      bucket = createS3Storage(s3.config);
      const storage: FileStorage = {
        ...bucket,
        async put(key, data, contentType) {
          puts += 1;
          if (puts === failingPut) {
            failingPut = undefined;
            throw new Error('the photo store refused the write');
          }
          await bucket.put(key, data, contentType);
        },
      };
      api = await createTestApi(kind, { storage });
    });
    afterEach(() => {
      failingPut = undefined;
    });
    afterAll(async () => {
      await api.close();
      bucket.close();
      await s3.stop();
    });

    async function rowsOf(title: string) {
      const listings = await api.deps.db
        .select({ id: schema.listings.id })
        .from(schema.listings)
        .where(eq(schema.listings.title, title));
      const ids = listings.map((l) => l.id);
      const [images] = await api.deps.db
        .select({ n: count() })
        .from(schema.listingImages)
        .where(ids.length > 0 ? inArray(schema.listingImages.listingId, ids) : sql`false`);
      return { listings: ids.length, images: images?.n ?? 0 };
    }

    async function imagesOf(id: number) {
      return api.deps.db
        .select({
          id: schema.listingImages.id,
          imageUrl: schema.listingImages.imageUrl,
          thumbnailUrl: schema.listingImages.thumbnailUrl,
        })
        .from(schema.listingImages)
        .where(eq(schema.listingImages.listingId, id));
    }

    it('stores both sizes of every photo in the bucket under the keys behind its /uploads URLs', async () => {
      const seller = await api.signUp('Bea');
      const before = await s3.listKeys();
      const id = await createListing(api.deps, seller.user, item('Garden bench'), [
        await photo('#884422'),
        await photo('#224488'),
      ]);
      const images = await imagesOf(id);
      expect(images).toHaveLength(2);
      const keys = images.flatMap((i) => [keyOf(i.imageUrl), keyOf(i.thumbnailUrl)]);
      for (const image of images) {
        expect(image.imageUrl).toMatch(/^\/uploads\/listings\/[\w-]+-detail\.webp$/);
        expect(image.thumbnailUrl).toMatch(/^\/uploads\/listings\/[\w-]+-card\.webp$/);
      }
      expect(await s3.listKeys()).toEqual([...before, ...keys].sort());
    });

    it('leaves no object and no row when the second photo cannot be written', async () => {
      const seller = await api.signUp('Cal');
      const before = await s3.listKeys();
      const photos = [await photo('#111111'), await photo('#222222'), await photo('#333333')];
      // Puts go card 1, detail 1, card 2, ...: the third is the second photo's first.
      armFailure(3);
      await expect(
        createListing(api.deps, seller.user, item('Refused shelves'), photos),
      ).rejects.toThrow('the photo store refused the write');
      expect(await s3.listKeys()).toEqual(before);
      expect(await rowsOf('Refused shelves')).toEqual({ listings: 0, images: 0 });
    });

    it('removes the objects it wrote when the database then refuses the rows', async () => {
      const seller = await api.signUp('Dee');
      const id = await createListing(api.deps, seller.user, item('Oak desk'), [
        await photo('#444444'),
      ]);
      const before = await s3.listKeys();
      await api.deps.db.execute(sql`
        create function refuse_listing_images() returns trigger language plpgsql as $$
        begin raise exception 'listing images refused'; end $$`);
      await api.deps.db.execute(sql`
        create trigger refuse_listing_images before insert on listing_images
        for each row execute function refuse_listing_images()`);
      try {
        await expect(
          createListing(api.deps, seller.user, item('Unsaved wardrobe'), [
            await photo('#555555'),
            await photo('#666666'),
          ]),
        ).rejects.toThrow();
        await expect(
          addListingPhotos(api.deps, seller.user, id, [await photo('#777777')]),
        ).rejects.toThrow();
      } finally {
        await api.deps.db.execute(sql`drop trigger refuse_listing_images on listing_images`);
        await api.deps.db.execute(sql`drop function refuse_listing_images()`);
      }
      expect(await s3.listKeys()).toEqual(before);
      expect(await rowsOf('Unsaved wardrobe')).toEqual({ listings: 0, images: 0 });
      expect(await imagesOf(id)).toHaveLength(1);
    });

    it("removes a photo's objects when the seller removes the photo, and the rest when the listing goes", async () => {
      const seller = await api.signUp('Eli');
      const id = await createListing(api.deps, seller.user, item('Bookcase'), [
        await photo('#a01010'),
        await photo('#10a010'),
      ]);
      const [first, second] = await imagesOf(id);
      if (!first || !second) throw new Error('expected two photos');
      await seller.caller.listings.removeImage({ listingId: id, imageId: first.id });
      const keys = await s3.listKeys();
      expect(keys).not.toContain(keyOf(first.imageUrl));
      expect(keys).not.toContain(keyOf(first.thumbnailUrl));
      expect(keys).toContain(keyOf(second.imageUrl));
      expect(keys).toContain(keyOf(second.thumbnailUrl));

      await seller.caller.listings.delete({ id });
      const gone = [keyOf(second.imageUrl), keyOf(second.thumbnailUrl)];
      expect(await s3.listKeys()).toEqual(keys.filter((key) => !gone.includes(key)));
    });

    it("removes a listing's objects when the admin deletes it or cleans up a duplicate", async () => {
      const admin = await api.signUpAdmin();
      expect(admin.user.email).toBe(TEST_ADMIN_EMAIL);
      const seller = await api.signUp('Fay');
      const deleted = await createListing(api.deps, seller.user, item('Rocking chair'), [
        await photo('#303090'),
      ]);
      const original = await createListing(api.deps, seller.user, item('Step ladder'), [
        await photo('#909030'),
      ]);
      const duplicate = await createListing(api.deps, seller.user, item('Step ladder'), [
        await photo('#903090'),
      ]);
      const keysOf = async (id: number) =>
        (await imagesOf(id)).flatMap((i) => [keyOf(i.imageUrl), keyOf(i.thumbnailUrl)]);
      const deletedKeys = await keysOf(deleted);
      const originalKeys = await keysOf(original);
      const duplicateKeys = await keysOf(duplicate);

      await admin.caller.admin.deleteListing({ id: deleted });
      expect((await admin.caller.admin.cleanupDuplicates()).removed).toBe(1);

      const keys = await s3.listKeys();
      for (const key of [...deletedKeys, ...duplicateKeys]) expect(keys).not.toContain(key);
      for (const key of originalKeys) expect(keys).toContain(key);
    });

    it("removes an ended listing's objects when it is purged", async () => {
      const seller = await api.signUp('Gus');
      const id = await createListing(api.deps, seller.user, item('Lawn mower'), [
        await photo('#208020'),
      ]);
      const keys = (await imagesOf(id)).flatMap((i) => [keyOf(i.imageUrl), keyOf(i.thumbnailUrl)]);
      await api.deps.db
        .update(schema.listings)
        .set({ endsAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) })
        .where(eq(schema.listings.id, id));
      expect(await purgeEndedListings(api.deps, 7)).toBe(1);
      const after = await s3.listKeys();
      for (const key of keys) expect(after).not.toContain(key);
    });

    it('removes the old avatar when it is replaced, and the last one when it is removed', async () => {
      const person = await api.signUp('Hal');
      const firstUrl = (await setProfilePicture(api.deps, person.user.id, await photo('#e0a000')))
        .profilePicture;
      const secondUrl = (await setProfilePicture(api.deps, person.user.id, await photo('#00a0e0')))
        .profilePicture;
      if (!firstUrl || !secondUrl) throw new Error('expected avatar URLs');
      let avatars = await s3.listKeys('avatars/');
      expect(avatars).not.toContain(keyOf(firstUrl));
      expect(avatars).toContain(keyOf(secondUrl));

      await person.caller.account.removeProfilePicture();
      avatars = await s3.listKeys('avatars/');
      expect(avatars).not.toContain(keyOf(secondUrl));
    });

    it('keeps the old avatar, and writes no new object, when the avatar cannot be stored', async () => {
      const person = await api.signUp('Ivy');
      const kept = (await setProfilePicture(api.deps, person.user.id, await photo('#123456')))
        .profilePicture;
      const before = await s3.listKeys();
      armFailure(1);
      await expect(
        setProfilePicture(api.deps, person.user.id, await photo('#654321')),
      ).rejects.toThrow('the photo store refused the write');
      expect(await s3.listKeys()).toEqual(before);
      // A fresh request reads the account as stored.
      const { caller } = await api.as(person.cookie);
      expect((await caller.auth.me())?.profilePicture).toBe(kept);
    });
  });
}
