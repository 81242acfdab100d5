/**
 * What a database starts with.
 *
 * `seedAccounts`: the accounts every installation needs, production included: the system account
 * announcements come from, and the admin when the database has none (decisions 029 and 030).
 *
 * `seedDatabase`: demo content for a fresh database, only when asked (development, `pnpm db:seed`): the
 * system account, the admin, twelve invented neighbours in Madison, Wisconsin (real ZIP codes, so every listing is on the
 * map) with garage sales this week and this weekend, single items in every category, photos, reviews, saves, conversations and one
 * pending report. Every demo neighbour signs in with the published password "demo-password" (e-mail
 * addresses like maria.gonzalez@example.com), so it never runs in production. It runs only on an empty
 * database (no users), never into an existing one.
 *
 * The admin's password comes from the caller or is generated and returned once.
 */
import { randomBytes, randomUUID } from 'node:crypto';

import { placeAddress } from '@yardsale/geo/gazetteer';
import { SYSTEM_ACCOUNT, listingEndsAt } from '@yardsale/validators';
import type { Category } from '@yardsale/validators';
import { eq, or, sql } from 'drizzle-orm';

import type { Database, Executor, Transaction } from '../client';
import { hashPassword } from '../password';
import {
  conversations,
  listingImages,
  listings,
  messages,
  reports,
  reviews,
  savedListings,
  users,
} from '../schema';
import type { NewListing, NewListingImage, NewUser } from '../schema';
import type { FileStorage } from '../storage';
import {
  CONVERSATIONS,
  GARAGE_SALES,
  REPORTS,
  REVIEWS,
  placedPin,
  SAVES,
  SELLERS,
  SINGLE_ITEMS,
  TIME_ZONE,
} from './content';
import type { GarageSaleSeed, SaleDay } from './content';
import { renderListingPhoto } from './photos';

export const DEMO_PASSWORD = 'demo-password';

export interface SeedOptions {
  storage: FileStorage;
  adminEmail: string;
  /** Without it a random password is generated and returned in the result. */
  adminPassword?: string;
  /** The moment the demo is built around (default: now). */
  now?: Date;
  log?: (line: string) => void;
}

export interface SeedResult {
  seeded: boolean;
  /** Set only when the admin password was generated here: show it once, it is not stored anywhere else. */
  adminPassword?: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
// Photo rendering is CPU-bound and libvips already uses threads; two at a time keeps memory flat.
const PHOTO_CONCURRENCY = 2;
// Two servers starting at once on one empty database must not both seed it.
const SEED_LOCK_KEY = 7_267_312;

export function demoEmail(firstName: string, lastName: string): string {
  const part = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  return `${part(firstName)}.${part(lastName)}@example.com`;
}

/** The demo neighbours' addresses, e.g. to check a database has none of them. */
export const DEMO_EMAILS: readonly string[] = SELLERS.map((s) =>
  demoEmail(s.firstName, s.lastName),
);

export interface AccountsOptions {
  adminEmail: string;
  /** Without it a random password is generated and returned in the result. */
  adminPassword?: string;
}

export interface AccountsResult {
  systemCreated: boolean;
  adminCreated: boolean;
  /** Set only when the admin was created here with a generated password: show it once. */
  adminPassword?: string;
}

/**
 * The system account when missing, and the admin account when the database has no admin and no account
 * holds the admin address (an existing holder is for the server's start to promote or not: decision 029).
 * Safe on every start and from several instances at once.
 */
export async function seedAccounts(
  db: Database,
  options: AccountsOptions,
): Promise<AccountsResult> {
  const adminEmail = options.adminEmail.trim().toLowerCase();
  const needsAdmin = async (tx: Executor) => {
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.role, 'admin'), eq(users.email, adminEmail)))
      .limit(1);
    return !admin;
  };
  const generatedPassword = options.adminPassword
    ? undefined
    : randomBytes(18).toString('base64url');
  // Hashing is slow: only when an admin is likely to be made.
  const adminHash = (await needsAdmin(db))
    ? await hashPassword(options.adminPassword ?? generatedPassword ?? '')
    : null;
  const accountsCreatedAt = new Date();
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [system] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'system'))
      .limit(1);
    if (!system) await tx.insert(users).values(systemAccountRow(accountsCreatedAt));
    const adminCreated = adminHash !== null && (await needsAdmin(tx));
    if (adminCreated)
      await tx.insert(users).values(adminAccountRow(adminEmail, adminHash, accountsCreatedAt));
    return { systemCreated: !system, adminCreated };
  });
  return result.adminCreated && generatedPassword
    ? { ...result, adminPassword: generatedPassword }
    : result;
}

function systemAccountRow(createdAt: Date): NewUser {
  return {
    email: SYSTEM_ACCOUNT.email,
    passwordHash: null,
    firstName: SYSTEM_ACCOUNT.firstName,
    lastName: SYSTEM_ACCOUNT.lastName,
    role: 'system',
    emailVerifiedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  };
}

function adminAccountRow(email: string, passwordHash: string, createdAt: Date): NewUser {
  return {
    email,
    passwordHash,
    firstName: 'YardSale',
    lastName: 'Admin',
    role: 'admin',
    termsAcceptedAt: createdAt,
    // The operator's own address: configured, not typed by a stranger (decision 067).
    emailVerifiedAt: createdAt,
    createdAt,
    updatedAt: createdAt,
  };
}

export async function seedDatabase(db: Database, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const started = performance.now();

  if (await hasUsers(db)) return { seeded: false };

  const generatedPassword = options.adminPassword
    ? undefined
    : randomBytes(18).toString('base64url');
  const [adminHash, demoHash] = await Promise.all([
    hashPassword(options.adminPassword ?? generatedPassword ?? ''),
    // One hash for every demo account: they share a documented password anyway.
    hashPassword(DEMO_PASSWORD),
  ]);

  const plannedListings = planListings(now);
  const storedKeys: string[] = [];
  let seeded = false;
  try {
    const photos = await storePhotos(plannedListings, options.storage, storedKeys);
    seeded = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      if (await hasUsers(tx)) return false;
      await insertDemo(tx, {
        now,
        adminEmail: options.adminEmail.trim().toLowerCase(),
        adminHash,
        demoHash,
        plannedListings,
        photos,
      });
      return true;
    });
  } finally {
    // Photos of a seed that did not happen would be orphans.
    if (!seeded) await Promise.all(storedKeys.map((key) => options.storage.delete(key)));
  }
  if (!seeded) return { seeded: false };

  log(
    `Seeded ${SELLERS.length + 2} users, ${plannedListings.length} listings and ${storedKeys.length / 2} photos in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return generatedPassword ? { seeded: true, adminPassword: generatedPassword } : { seeded: true };
}

async function hasUsers(db: Executor): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

interface PlannedListing {
  key: string;
  seller: string;
  category: Category;
  photos: readonly string[];
  withContactEmail: boolean;
  values: Omit<NewListing, 'userId' | 'contactPhone' | 'contactEmail'>;
}

/** The seller's pin where they placed one (exact), else the address's ZIP centre, as the API places it. */
function demoPoint(address: string): Pick<NewListing, 'latitude' | 'longitude' | 'locationExact'> {
  const pin = placedPin(address);
  if (pin) return { ...pin, locationExact: true };
  const place = placeAddress(address);
  if (!place) throw new Error(`The demo address ${address} is on no map`);
  return { latitude: place.latitude, longitude: place.longitude, locationExact: false };
}

function planListings(now: Date): PlannedListing[] {
  const planned: PlannedListing[] = [];
  for (const sale of GARAGE_SALES) {
    const createdAt = new Date(now.getTime() - sale.postedHoursAgo * HOUR_MS);
    planned.push({
      key: sale.key,
      seller: sale.seller,
      category: sale.category,
      photos: sale.photos,
      withContactEmail: sale.withContactEmail,
      values: {
        title: sale.title,
        description: sale.description,
        category: sale.category,
        listingType: 'garage-sale',
        priceRange: sale.priceRange,
        address: sale.address,
        ...demoPoint(sale.address),
        startTime: sale.startTime,
        endTime: sale.endTime,
        timeZone: TIME_ZONE,
        createdAt,
        updatedAt: createdAt,
        ...saleDates(sale, now),
      },
    });
  }
  for (const item of SINGLE_ITEMS) {
    const createdAt = new Date(now.getTime() - item.postedHoursAgo * HOUR_MS);
    planned.push({
      key: item.key,
      seller: item.seller,
      category: item.category,
      photos: item.photos,
      withContactEmail: item.withContactEmail,
      values: {
        title: item.title,
        description: item.description,
        category: item.category,
        listingType: 'single-item',
        priceRange: item.priceRange,
        address: item.address,
        ...demoPoint(item.address),
        timeZone: TIME_ZONE,
        endsAt: listingEndsAt({ listingType: 'single-item', timeZone: TIME_ZONE, createdAt }),
        createdAt,
        updatedAt: createdAt,
      },
    });
  }
  return planned;
}

/** The town's calendar date and weekday (0 = Sunday) at `now`. */
function localToday(now: Date): { date: string; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
  }).formatToParts(now);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    weekday: weekdays.indexOf(get('weekday')),
  };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from today to a sale's first day, with the weekend as Live Sales Now defines it. */
function dayOffset(day: SaleDay, weekday: number): number {
  switch (day) {
    case 'today':
      return 0;
    case 'tomorrow':
      return 1;
    case 'saturday':
      return weekday === 0 ? -1 : 6 - weekday;
    case 'sunday':
      return (7 - weekday) % 7;
    case 'two-days-ago':
      return -2;
  }
}

/** Dates for a sale; moved a day later until it has not ended, so a late-evening seed still shows live sales. */
function saleDates(
  sale: GarageSaleSeed,
  now: Date,
): Pick<NewListing, 'startDate' | 'endDate' | 'endsAt'> {
  const today = localToday(now);
  if (sale.day === 'two-days-ago') {
    const startDate = addDays(today.date, dayOffset(sale.day, today.weekday));
    const endsAt = listingEndsAt({
      listingType: 'garage-sale',
      startDate,
      endTime: sale.endTime,
      timeZone: TIME_ZONE,
      createdAt: now,
    });
    return { startDate, endDate: null, endsAt };
  }
  for (let offset = dayOffset(sale.day, today.weekday); ; offset += 1) {
    const startDate = addDays(today.date, offset);
    const endDate = sale.extraDays > 0 ? addDays(startDate, sale.extraDays) : null;
    const endsAt = listingEndsAt({
      listingType: 'garage-sale',
      startDate,
      endDate,
      endTime: sale.endTime,
      timeZone: TIME_ZONE,
      createdAt: now,
    });
    if (endsAt > now) return { startDate, endDate, endsAt };
  }
}

interface StoredPhoto {
  imageUrl: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

async function storePhotos(
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

interface DemoInput {
  now: Date;
  adminEmail: string;
  adminHash: string;
  demoHash: string;
  plannedListings: readonly PlannedListing[];
  photos: Map<string, StoredPhoto[]>;
}

function lookup<T>(map: Map<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed content refers to an unknown ${what}: ${key}`);
  return value;
}

async function insertDemo(tx: Transaction, input: DemoInput): Promise<void> {
  const { now } = input;
  const ago = (ms: number) => new Date(now.getTime() - ms);

  const sellerRows: NewUser[] = SELLERS.map((s) => {
    const createdAt = ago(s.memberForDays * DAY_MS);
    return {
      email: demoEmail(s.firstName, s.lastName),
      passwordHash: input.demoHash,
      firstName: s.firstName,
      lastName: s.lastName,
      phone: s.phone,
      role: 'user',
      termsAcceptedAt: createdAt,
      // Demo neighbours count as verified, as accounts made before verification do (decision 067).
      emailVerifiedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const accountsCreatedAt = ago(365 * DAY_MS);
  const inserted = await tx
    .insert(users)
    .values([
      systemAccountRow(accountsCreatedAt),
      adminAccountRow(input.adminEmail, input.adminHash, accountsCreatedAt),
      ...sellerRows,
    ])
    .returning({ id: users.id, email: users.email, phone: users.phone });
  const byEmail = new Map(inserted.map((u) => [u.email, u]));
  const sellers = new Map(
    SELLERS.map((s) => {
      const email = demoEmail(s.firstName, s.lastName);
      return [s.key, lookup(byEmail, email, 'user')];
    }),
  );

  const listingRows = await tx
    .insert(listings)
    .values(
      input.plannedListings.map((l) => {
        const seller = lookup(sellers, l.seller, 'seller');
        return {
          ...l.values,
          userId: seller.id,
          contactPhone: seller.phone,
          contactEmail: l.withContactEmail ? seller.email : null,
        };
      }),
    )
    .returning({ id: listings.id, userId: listings.userId, createdAt: listings.createdAt });
  const listingByKey = new Map(
    input.plannedListings.map((l, i) => {
      const row = listingRows[i];
      if (!row) throw new Error('Listing insert returned fewer rows than sent');
      return [l.key, row];
    }),
  );

  const imageRows: NewListingImage[] = input.plannedListings.flatMap((l) => {
    const listing = lookup(listingByKey, l.key, 'listing');
    return (input.photos.get(l.key) ?? []).map((photo, position) => ({
      listingId: listing.id,
      ...photo,
      position,
      isPrimary: position === 0,
      createdAt: listing.createdAt,
    }));
  });
  await tx.insert(listingImages).values(imageRows);

  await tx.insert(savedListings).values(
    SAVES.map((s) => ({
      userId: lookup(sellers, s.user, 'seller').id,
      listingId: lookup(listingByKey, s.listing, 'listing').id,
      createdAt: ago(2 * HOUR_MS),
    })),
  );

  await tx.insert(reviews).values(
    REVIEWS.map((r) => {
      const createdAt = ago(r.daysAgo * DAY_MS + HOUR_MS);
      return {
        reviewerId: lookup(sellers, r.reviewer, 'seller').id,
        revieweeId: lookup(sellers, r.reviewee, 'seller').id,
        listingId: r.listing === null ? null : lookup(listingByKey, r.listing, 'listing').id,
        rating: r.rating,
        comment: r.comment,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );

  for (const c of CONVERSATIONS) {
    const listing = lookup(listingByKey, c.listing, 'listing');
    const buyer = lookup(sellers, c.buyer, 'seller');
    const times = c.messages.map((m) => ago(m.minutesAgo * 60_000));
    const first = times[0];
    const last = times.at(-1);
    if (!first || !last) throw new Error(`Seed conversation about ${c.listing} has no messages`);
    const [conversation] = await tx
      .insert(conversations)
      .values({
        listingId: listing.id,
        buyerId: buyer.id,
        sellerId: listing.userId,
        createdAt: first,
        lastMessageAt: last,
      })
      .returning({ id: conversations.id });
    if (!conversation) throw new Error('Conversation insert returned no row');
    await tx.insert(messages).values(
      c.messages.map((m, i) => ({
        conversationId: conversation.id,
        senderId: m.from === 'buyer' ? buyer.id : listing.userId,
        content: m.text,
        isRead: m.read,
        createdAt: times[i] ?? last,
      })),
    );
  }

  await tx.insert(reports).values(
    REPORTS.map((r) => {
      const createdAt = ago(r.hoursAgo * HOUR_MS);
      return {
        reporterId: lookup(sellers, r.reporter, 'seller').id,
        reportedUserId: lookup(sellers, r.reported, 'seller').id,
        listingId: r.listing === null ? null : lookup(listingByKey, r.listing, 'listing').id,
        category: r.category,
        description: r.description,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}
