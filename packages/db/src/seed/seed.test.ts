import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { CATEGORIES, PRICE_RANGES, SYSTEM_ACCOUNT } from '@yardsale/validators';
import { and, count, eq, lte, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { verifyPassword } from '../password';
import {
  conversations,
  listingImages,
  listings,
  messages,
  reports,
  reviews,
  users,
} from '../schema';
import { createLocalStorage } from '../storage';
import type { FileStorage } from '../storage';
import { createTestDatabase, testDatabaseKinds } from '../../test/testing';
import type { TestDatabase } from '../../test/testing';
import { DEMO_PASSWORD, seedAccounts, seedDatabase } from './index';

// Friday 16:30 in Madison (America/Chicago, UTC-6 in November).
const FRIDAY_AFTERNOON = new Date('2025-11-14T22:30:00Z');
// Sunday 23:30 local: every sale of this weekend has ended, so the seed must move them later.
const SUNDAY_NIGHT = new Date('2025-11-17T05:30:00Z');

describe.each(testDatabaseKinds())('seed on %s', (kind) => {
  let handle: TestDatabase;
  let storage: FileStorage;
  let firstResult: Awaited<ReturnType<typeof seedDatabase>>;
  const logLines: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    storage = createLocalStorage(handle.storageDir);
    firstResult = await seedDatabase(handle.db, {
      storage,
      adminEmail: 'Admin@YardSale.local',
      now: FRIDAY_AFTERNOON,
      log: (line) => logLines.push(line),
    });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('creates the system account, the admin with a generated password, and the neighbours', async () => {
    expect(firstResult.seeded).toBe(true);
    expect(firstResult.adminPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(logLines.join('\n')).toMatch(/Seeded 14 users/);

    const [system] = await handle.db.select().from(users).where(eq(users.role, 'system'));
    expect(system?.email).toBe(SYSTEM_ACCOUNT.email);
    expect(system?.passwordHash).toBeNull();

    const admins = await handle.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((a) => a.email)).toEqual(['admin@yardsale.local']);
    expect(
      await verifyPassword(admins[0]?.passwordHash ?? '', firstResult.adminPassword ?? ''),
    ).toBe(true);

    const neighbours = await handle.db.select().from(users).where(eq(users.role, 'user'));
    expect(neighbours.length).toBeGreaterThanOrEqual(10);
    expect(new Set(neighbours.map((u) => u.lastName)).size).toBe(neighbours.length);
    const [someone] = neighbours;
    expect(await verifyPassword(someone?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
  });

  it('puts every demo listing on the map in Madison: a few where the seller placed the pin, the rest at their ZIP', async () => {
    const everything = await handle.db.select().from(listings);
    expect(everything.length).toBeGreaterThan(0);
    for (const l of everything) {
      expect(l.address, l.title).toMatch(/, Madison, WI 537\d\d$/);
      // Around Madison's isthmus, within a few miles.
      expect(l.latitude, l.title).toBeGreaterThan(42.98);
      expect(l.latitude, l.title).toBeLessThan(43.17);
      expect(l.longitude, l.title).toBeGreaterThan(-89.52);
      expect(l.longitude, l.title).toBeLessThan(-89.29);
    }
    const exact = everything.filter((l) => l.locationExact);
    expect(exact.length).toBeGreaterThanOrEqual(3);
    expect(exact.length).toBeLessThan(everything.length / 2);
    // An approximate point is its ZIP's centre: 53703's for Orchard Street.
    const orchard = everything.find((l) => l.address.startsWith('87 Orchard Street'));
    expect([orchard?.latitude, orchard?.longitude, orchard?.locationExact]).toEqual([
      43.0775,
      -89.3831,
      false,
    ]);
  });

  it('creates listings that have not ended: sales this week and weekend, items in every category', async () => {
    const everything = await handle.db.select().from(listings);
    // One sale is over on purpose: its seller sees it in My Listings marked Expired.
    const over = everything.filter((l) => l.endsAt.getTime() <= FRIDAY_AFTERNOON.getTime());
    expect(over.map((l) => [l.title, l.startDate])).toEqual([
      ['Porch Sale: Records, Lamps and Garden Pots', '2025-11-12'],
    ]);
    const all = everything.filter((l) => !over.includes(l));
    expect(all.length).toBeGreaterThanOrEqual(20);
    for (const listing of all) {
      expect(listing.endsAt.getTime(), listing.title).toBeGreaterThan(FRIDAY_AFTERNOON.getTime());
      expect(listing.createdAt.getTime(), listing.title).toBeLessThanOrEqual(
        FRIDAY_AFTERNOON.getTime(),
      );
      expect(PRICE_RANGES as readonly string[]).toContain(listing.priceRange);
      expect(listing.description?.length ?? 0).toBeGreaterThan(40);
      expect(listing.description ?? '').not.toMatch(/lorem|ipsum/i);
    }

    const sales = all.filter((l) => l.listingType === 'garage-sale');
    expect(sales.length).toBeGreaterThanOrEqual(5);
    const saleDays = new Set(sales.map((s) => s.startDate));
    // Friday (today), Saturday (tomorrow and the weekend) and Sunday.
    expect([...saleDays].sort()).toEqual(['2025-11-14', '2025-11-15', '2025-11-16']);
    for (const sale of sales) {
      expect(sale.startTime).toMatch(/^\d{2}:\d{2}$/);
      expect(sale.endTime).toMatch(/^\d{2}:\d{2}$/);
      expect(sale.timeZone).toBe('America/Chicago');
    }

    const items = all.filter((l) => l.listingType === 'single-item');
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(CATEGORIES));
    for (const item of items) {
      expect(item.startDate).toBeNull();
      expect(FRIDAY_AFTERNOON.getTime() - item.createdAt.getTime()).toBeLessThan(10 * 86_400_000);
    }
  });

  it('gives every listing one to three stored photos in two sizes, the first one primary', async () => {
    const images = await handle.db.select().from(listingImages);
    const byListing = new Map<number, typeof images>();
    for (const image of images)
      byListing.set(image.listingId, [...(byListing.get(image.listingId) ?? []), image]);
    const listingCount = await handle.db.select({ n: count() }).from(listings);
    expect(byListing.size).toBe(listingCount[0]?.n);
    for (const photos of byListing.values()) {
      expect(photos.length).toBeGreaterThanOrEqual(1);
      expect(photos.length).toBeLessThanOrEqual(3);
      const sorted = photos.toSorted((a, b) => a.position - b.position);
      expect(sorted.map((p) => p.isPrimary)).toEqual(sorted.map((_, i) => i === 0));
    }

    const sample = images[0];
    if (!sample) throw new Error('no images');
    const detailKey = storage.keyFromUrl(sample.imageUrl);
    const cardKey = storage.keyFromUrl(sample.thumbnailUrl);
    expect(detailKey).toMatch(/^listings\/[0-9a-f-]{36}-detail\.webp$/);
    expect(cardKey).toMatch(/^listings\/[0-9a-f-]{36}-card\.webp$/);
    const detail = await sharp(path.join(handle.storageDir, detailKey ?? '')).metadata();
    const card = await sharp(path.join(handle.storageDir, cardKey ?? '')).metadata();
    expect([detail.format, detail.width, detail.height]).toEqual(['webp', 1280, 960]);
    expect([card.format, card.width]).toEqual(['webp', 640]);
    expect([sample.width, sample.height]).toEqual([1280, 960]);

    const stored = await readdir(path.join(handle.storageDir, 'listings'));
    expect(stored.length).toBe(images.length * 2);
    for (const image of images) {
      expect(
        existsSync(
          path.join(handle.storageDir, storage.keyFromUrl(image.thumbnailUrl) ?? 'missing'),
        ),
      ).toBe(true);
    }
  });

  it('adds reviews, conversations with messages and a pending report that follow the product rules', async () => {
    const allReviews = await handle.db.select().from(reviews);
    expect(allReviews.length).toBeGreaterThanOrEqual(5);
    for (const review of allReviews) {
      expect(review.reviewerId).not.toBe(review.revieweeId);
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
    }

    const allConversations = await handle.db
      .select({ c: conversations, sellerOfListing: listings.userId })
      .from(conversations)
      .innerJoin(listings, eq(listings.id, conversations.listingId));
    expect(allConversations.length).toBeGreaterThanOrEqual(3);
    for (const { c, sellerOfListing } of allConversations) {
      expect(c.sellerId).toBe(sellerOfListing);
      expect(c.buyerId).not.toBe(c.sellerId);
      const thread = await handle.db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, c.id))
        .orderBy(messages.id);
      expect(thread.length).toBeGreaterThan(0);
      expect(thread.at(-1)?.createdAt.getTime()).toBe(c.lastMessageAt.getTime());
      for (const message of thread) expect([c.buyerId, c.sellerId]).toContain(message.senderId);
    }
    const unread = await handle.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.isRead, false));
    expect(unread[0]?.n).toBeGreaterThan(0);

    const pending = await handle.db
      .select({ r: reports, owner: listings.userId })
      .from(reports)
      .leftJoin(listings, eq(listings.id, reports.listingId))
      .where(eq(reports.status, 'pending'));
    expect(pending.length).toBeGreaterThanOrEqual(1);
    for (const { r, owner } of pending) {
      expect(r.reporterId).not.toBe(r.reportedUserId);
      if (r.listingId !== null) expect(owner).toBe(r.reportedUserId);
    }
  });

  it('does nothing the second time', async () => {
    const before = await handle.db.select({ n: count() }).from(listings);
    const files = await readdir(path.join(handle.storageDir, 'listings'));
    const again = await seedDatabase(handle.db, { storage, adminEmail: 'admin@yardsale.local' });
    expect(again).toEqual({ seeded: false });
    expect(await handle.db.select({ n: count() }).from(listings)).toEqual(before);
    expect(await readdir(path.join(handle.storageDir, 'listings'))).toHaveLength(files.length);
  });
});

describe('seed late on a Sunday, with a chosen admin password', () => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await handle.close();
  });

  it('moves sales that would already be over to later days and keeps the given password', async () => {
    const result = await seedDatabase(handle.db, {
      storage: createLocalStorage(handle.storageDir),
      adminEmail: 'owner@example.com',
      adminPassword: 'a-chosen-password',
      now: SUNDAY_NIGHT,
    });
    expect(result).toEqual({ seeded: true });
    const ended = await handle.db.select().from(listings).where(lte(listings.endsAt, SUNDAY_NIGHT));
    // Only the sale that is over on purpose, two days before, and still within the week before the purge.
    expect(ended.map((l) => [l.title, l.startDate])).toEqual([
      ['Porch Sale: Records, Lamps and Garden Pots', '2025-11-14'],
    ]);
    const [admin] = await handle.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), ne(users.email, SYSTEM_ACCOUNT.email)));
    expect(admin?.email).toBe('owner@example.com');
    expect(await verifyPassword(admin?.passwordHash ?? '', 'a-chosen-password')).toBe(true);
  });
});

describe.each(testDatabaseKinds())('accounts without demo content on %s', (kind) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('creates only the system account and the admin, once, and the demo never goes into that database', async () => {
    const first = await seedAccounts(handle.db, { adminEmail: ' Owner@Example.com ' });
    expect(first).toMatchObject({ systemCreated: true, adminCreated: true });
    expect(first.adminPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const rows = await handle.db.select().from(users).orderBy(users.id);
    expect(rows.map((u) => [u.email, u.role])).toEqual([
      [SYSTEM_ACCOUNT.email, 'system'],
      ['owner@example.com', 'admin'],
    ]);
    expect(await verifyPassword(rows[1]?.passwordHash ?? '', first.adminPassword ?? '')).toBe(true);

    expect(await seedAccounts(handle.db, { adminEmail: 'owner@example.com' })).toEqual({
      systemCreated: false,
      adminCreated: false,
    });
    // An admin exists: a different configured address creates no second admin.
    expect(
      await seedAccounts(handle.db, {
        adminEmail: 'someone.else@example.com',
        adminPassword: 'chosen-pass',
      }),
    ).toEqual({
      systemCreated: false,
      adminCreated: false,
    });

    const demo = await seedDatabase(handle.db, {
      storage: createLocalStorage(handle.storageDir),
      adminEmail: 'owner@example.com',
    });
    expect(demo).toEqual({ seeded: false });
    expect(await handle.db.select({ n: count() }).from(users)).toEqual([{ n: 2 }]);
    expect(await handle.db.select({ n: count() }).from(listings)).toEqual([{ n: 0 }]);
  });

  it('leaves an account that already holds the admin address to the server start', async () => {
    await handle.db.update(users).set({ role: 'user' }).where(eq(users.email, 'owner@example.com'));
    const result = await seedAccounts(handle.db, {
      adminEmail: 'owner@example.com',
      adminPassword: 'chosen-pass',
    });
    expect(result).toEqual({ systemCreated: false, adminCreated: false });
    expect(
      await handle.db.select({ n: count() }).from(users).where(eq(users.role, 'admin')),
    ).toEqual([{ n: 0 }]);
  });
});
