import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '@yardsale/db/schema';
import { testDatabaseKinds } from '@yardsale/db/testing';
import { DEFAULT_NOTIFICATION_SETTINGS, SYSTEM_ACCOUNT, UI_TEXT } from '@yardsale/validators';
import type { ListingInput } from '@yardsale/validators';

import { createTestApi } from '../../test/testing';
import type { TestApi } from '../../test/testing';
import {
  EXPORTED_TABLES,
  EXPORT_DOCUMENT_NAME,
  TABLES_LEFT_OUT,
  accountExportFileName,
  exportAccount,
} from './account-export';
import { createListing } from './listings';
import { setProfilePicture } from './users';

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);

/** Tables that hold someone's data: those referring to users, directly or through another such table. */
function tablesHoldingUserData(): string[] {
  const holding = new Set(['users']);
  for (let grew = true; grew;) {
    grew = false;
    for (const table of tables) {
      const { name, foreignKeys } = getTableConfig(table);
      if (holding.has(name)) continue;
      if (foreignKeys.some((fk) => holding.has(getTableName(fk.reference().foreignTable)))) {
        holding.add(name);
        grew = true;
      }
    }
  }
  return [...holding].sort();
}

describe('what the export covers', () => {
  it('places every table holding user data: exported, or left out with a reason', () => {
    const placed = new Set([...Object.keys(EXPORTED_TABLES), ...Object.keys(TABLES_LEFT_OUT)]);
    expect(
      tablesHoldingUserData().filter((name) => !placed.has(name)),
      'add the table to EXPORTED_TABLES (and the export) or to TABLES_LEFT_OUT with why',
    ).toEqual([]);
  });

  it('names only tables that exist, each in one list only, every omission with a reason', () => {
    const names = new Set(tables.map((t) => getTableConfig(t).name));
    const exported = Object.keys(EXPORTED_TABLES);
    const leftOut = Object.keys(TABLES_LEFT_OUT);
    expect([...exported, ...leftOut].filter((name) => !names.has(name))).toEqual([]);
    expect(exported.filter((name) => leftOut.includes(name))).toEqual([]);
    for (const reason of Object.values(TABLES_LEFT_OUT)) expect(reason.length).toBeGreaterThan(10);
  });

  it('names the download after the day it was made', () => {
    expect(accountExportFileName(new Date('2031-06-07T23:30:00Z'))).toBe(
      'yardsale-export-2031-06-07.zip',
    );
  });
});

async function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

const item = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: 'Cedar garden bench',
  description: 'Weathered but sturdy; seats three.',
  category: 'Home & Garden',
  listingType: 'single-item',
  priceRange: '$50-$100',
  address: '4 Linden Court, Brookfield',
  ...overrides,
});

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

type Json = Record<string, unknown>;

/** The records at a document path: `a[].b[]` is every item of `b` of every item of `a`. */
function recordsAt(document: Json, path: string): Json[] {
  let current: unknown[] = [document];
  for (const part of path.split('.')) {
    const many = part.endsWith('[]');
    const key = many ? part.slice(0, -2) : part;
    current = current.flatMap((value) => {
      const next = (value as Json)[key];
      if (next === undefined) return [];
      return many ? next : [next];
    });
  }
  return current as Json[];
}

describe.each(testDatabaseKinds())('the data export on %s', (kind) => {
  let api: TestApi;
  let files: Record<string, Uint8Array> = {};
  let text = '';
  let document: Json = {};
  const secrets: string[] = [];
  const others = { email: '', phone: '+1 555 0199' };
  let ids = { me: 0, other: 0, myListing: 0, otherListing: 0 };

  beforeAll(async () => {
    api = await createTestApi(kind);
    const { db } = api.deps;
    const me = await api.signUp('Robin', { lastName: 'Holloway' });
    const other = await api.signUp('Sam', { lastName: 'Okafor' });
    const gone = await api.signUp('Pat', { lastName: 'Vance' });
    const admin = await api.signUpAdmin();
    others.email = other.user.email;
    await db
      .update(schema.users)
      .set({ phone: others.phone })
      .where(eq(schema.users.id, other.user.id));
    await db
      .update(schema.users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXPTOTPSECRET' })
      .where(eq(schema.users.id, me.user.id));
    await db.insert(schema.passkeys).values({
      id: 'credential-id-of-robin',
      userId: me.user.id,
      publicKey: 'PUBLIC-KEY-MATERIAL',
      name: 'Robin’s phone',
    });

    // A saved search each: Robin's finds Sam's lamp, Sam's finds Robin's bench (neither Robin's to export).
    await me.caller.savedSearches.create({
      search: 'lamp',
      name: 'Lamps nearby',
      email: 'instant',
    });
    await other.caller.savedSearches.create({ search: 'bench', name: 'SAMS-OWN-SEARCH' });
    await me.caller.notifications.updateSettings({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      review: { push: false, email: false },
    });
    await db.insert(schema.pushSubscriptions).values([
      {
        userId: me.user.id,
        sessionId: sql`(select id from sessions where user_id = ${me.user.id} limit 1)`,
        endpoint: 'https://push.example/robins-phone',
        p256dh: 'P256DH-KEY-OF-ROBINS-PHONE',
        auth: 'AUTH-SECRET-OF-ROBINS-PHONE',
      },
      {
        userId: other.user.id,
        sessionId: sql`(select id from sessions where user_id = ${other.user.id} limit 1)`,
        endpoint: 'https://push.example/SAMS-PHONE',
        p256dh: 'P256DH-KEY-OF-SAMS-PHONE',
        auth: 'AUTH-SECRET-OF-SAMS-PHONE',
      },
    ]);

    await setProfilePicture(api.deps, me.user.id, await photo('#884422'));
    const myListing = await createListing(api.deps, me.user, item(), [await photo('#225588')]);
    const otherListing = await createListing(
      api.deps,
      other.user,
      item({ title: 'Brass floor lamp', category: 'Furniture' }),
    );
    ids = { me: me.user.id, other: other.user.id, myListing, otherListing };
    // Matched against the saved searches, as a server's matcher does after the creation.
    await api.matchListings();
    await me.caller.saved.save({ listingId: otherListing });

    const { id: asked } = await me.caller.conversations.start({ listingId: otherListing });
    await me.caller.conversations.send({ conversationId: asked, content: 'Does the lamp work?' });
    await other.caller.conversations.send({ conversationId: asked, content: 'It does, bulb too.' });
    const { id: fromGone } = await gone.caller.conversations.start({ listingId: myListing });
    await gone.caller.conversations.send({ conversationId: fromGone, content: 'Bench free?' });
    await db
      .update(schema.users)
      .set({ deletedAt: new Date() })
      .where(eq(schema.users.id, gone.user.id));
    await admin.caller.admin.announce({ message: 'Market day on Sunday.' });

    await me.caller.reviews.create({
      revieweeId: other.user.id,
      listingId: otherListing,
      rating: 5,
      comment: 'Lamp as described.',
    });
    await other.caller.reviews.create({
      revieweeId: me.user.id,
      listingId: myListing,
      rating: 4,
      comment: 'Quick replies.',
    });
    const report = await me.caller.reports.create({
      reportedUserId: other.user.id,
      listingId: otherListing,
      category: 'other',
      description: 'Asked me to pay before seeing the lamp.',
    });
    await admin.caller.admin.updateReport({
      id: report.id,
      status: 'reviewed',
      adminNotes: 'MODERATOR-ONLY-NOTE',
    });

    const [row] = await db
      .select({ hash: schema.users.passwordHash })
      .from(schema.users)
      .where(eq(schema.users.id, me.user.id));
    const token = me.cookie?.split('=')[1] ?? '';
    const [settings] = await db
      .select({ token: schema.notificationSettings.unsubscribeToken })
      .from(schema.notificationSettings)
      .where(eq(schema.notificationSettings.userId, me.user.id));
    secrets.push(
      settings?.token ?? 'no unsubscribe token',
      'P256DH-KEY-OF-ROBINS-PHONE',
      'AUTH-SECRET-OF-ROBINS-PHONE',
      row?.hash ?? 'no hash',
      'JBSWY3DPEHPK3PXPTOTPSECRET',
      'PUBLIC-KEY-MATERIAL',
      'credential-id-of-robin',
      token,
      createHash('sha256').update(token).digest('hex'),
    );

    files = unzipSync(await readAll(await exportAccount(api.deps, me.user.id)));
    const json = files[EXPORT_DOCUMENT_NAME];
    if (!json) throw new Error(`no ${EXPORT_DOCUMENT_NAME} in the zip`);
    text = strFromU8(json);
    document = JSON.parse(text) as Json;
  });
  afterAll(async () => {
    await api.close();
  });

  it('holds the profile without secrets, and the profile picture', async () => {
    const profile = document.profile as Json;
    expect(profile).toMatchObject({
      id: ids.me,
      firstName: 'Robin',
      lastName: 'Holloway',
      twoFactorEnabled: true,
    });
    expect(profile).not.toHaveProperty('passwordHash');
    expect(profile).not.toHaveProperty('totpSecret');
    for (const secret of secrets) expect(text).not.toContain(secret);
    const keys = document.passkeys as Json[];
    expect(keys.map((k) => Object.keys(k).sort())).toEqual([['createdAt', 'lastUsedAt', 'name']]);
    expect(keys[0]?.name).toBe('Robin’s phone');
    const picture = files[String(profile.profilePictureFile)];
    expect(picture, String(profile.profilePictureFile)).toBeDefined();
    expect((await sharp(picture).metadata()).format).toBe('webp');
  });

  it('holds the listings with their photos, and the saves', () => {
    const [listing] = recordsAt(document, 'listings[]');
    expect(listing).toMatchObject({ id: ids.myListing, title: 'Cedar garden bench' });
    const [image] = recordsAt(document, 'listings[].images[]');
    expect(image?.file).toMatch(/^photos\/listings\/.+\.webp$/);
    expect(files[String(image?.file)]?.length).toBeGreaterThan(100);
    expect(Object.keys(files).sort()).toEqual(
      [
        EXPORT_DOCUMENT_NAME,
        String(image?.file),
        String((document.profile as Json).profilePictureFile),
      ].sort(),
    );
    expect(document.savedListings).toEqual([
      expect.objectContaining({ listingId: ids.otherListing, listingTitle: 'Brass floor lamp' }),
    ]);
  });

  it('holds every conversation with all its messages, senders by name, a deleted one as "Deleted user"', () => {
    const threads = recordsAt(document, 'conversations[]');
    const talk = (t: Json) =>
      (t.messages as Json[]).map((m) => `${String(m.sender)}: ${String(m.content)}`);
    expect(threads.map(talk)).toEqual([
      ['Robin Holloway: Does the lamp work?', 'Sam Okafor: It does, bulb too.'],
      [`${UI_TEXT.dataExport.deletedUser}: Bench free?`],
      [`${SYSTEM_ACCOUNT.displayName}: Market day on Sunday.`],
    ]);
    expect(threads[0]).toMatchObject({ listingTitle: 'Brass floor lamp', seller: 'Sam Okafor' });
    expect(text).not.toContain('Vance');
  });

  it('holds reviews written and received, and reports filed without the admin notes', () => {
    expect(document.reviewsWritten).toEqual([
      expect.objectContaining({ rating: 5, comment: 'Lamp as described.', reviewee: 'Sam Okafor' }),
    ]);
    expect(document.reviewsReceived).toEqual([
      expect.objectContaining({ rating: 4, comment: 'Quick replies.', reviewer: 'Sam O' }),
    ]);
    const [report] = recordsAt(document, 'reportsFiled[]');
    expect(report).toMatchObject({
      reportedUserId: ids.other,
      reportedUser: 'Sam Okafor',
      status: 'reviewed',
      description: 'Asked me to pay before seeing the lamp.',
    });
    expect(report).not.toHaveProperty('adminNotes');
    expect(text).not.toContain('MODERATOR-ONLY-NOTE');
  });

  it('holds the notification settings, saved searches, the bell and the push endpoints without their keys', () => {
    expect(document.notificationSettings).toMatchObject({
      userId: ids.me,
      settings: { ...DEFAULT_NOTIFICATION_SETTINGS, review: { push: false, email: false } },
    });
    expect(recordsAt(document, 'savedSearches[]')).toEqual([
      expect.objectContaining({ name: 'Lamps nearby', search: 'lamp', email: 'instant' }),
    ]);
    const bell = recordsAt(document, 'notifications[]');
    expect(bell).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'saved-search',
          body: 'Brass floor lamp',
          listingId: ids.otherListing,
          readAt: null,
        }),
      ]),
    );
    expect(bell.filter((n) => n.userId !== ids.me)).toEqual([]);
    const devices = recordsAt(document, 'pushSubscriptions[]');
    expect(devices).toEqual([
      expect.objectContaining({ endpoint: 'https://push.example/robins-phone' }),
    ]);
    expect(devices[0]).not.toHaveProperty('auth');
    expect(devices[0]).not.toHaveProperty('p256dh');
    // Sam's own search, bell and device are Sam's.
    expect(text).not.toContain('SAMS-OWN-SEARCH');
    expect(text).not.toContain('SAMS-PHONE');
  });

  it("never carries another person's e-mail or phone", () => {
    expect(text).not.toContain(others.email);
    expect(text).not.toContain(others.phone);
    expect(text).not.toContain(SYSTEM_ACCOUNT.email);
  });

  it('has every column of each exported table, or says why it is left out', () => {
    for (const [table, placed] of Object.entries(EXPORTED_TABLES)) {
      const definition = tables.find((t) => getTableConfig(t).name === table);
      if (!definition) throw new Error(`no table ${table}`);
      const columns = getTableConfig(definition).columns.map((c) => c.name);
      const leftOut: Record<string, string> =
        'columnsLeftOut' in placed ? placed.columnsLeftOut : {};
      expect(
        Object.keys(leftOut).filter((c) => !columns.includes(c)),
        table,
      ).toEqual([]);
      for (const path of placed.at) {
        const records = recordsAt(document, path);
        expect(records.length, `the fixture has no ${path}`).toBeGreaterThan(0);
        for (const record of records) {
          const keys = Object.keys(record);
          expect(
            columns.filter((c) => !(c in leftOut) && !keys.includes(c)),
            `${path}: columns neither exported nor left out`,
          ).toEqual([]);
          expect(
            keys.filter((k) => k in leftOut),
            `${path}: columns left out`,
          ).toEqual([]);
        }
      }
    }
  });
});
