import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { executeRows } from './client';
import type { Database } from './client';
import { listingTerms, listings, users } from './schema';
import { createTestDatabase, testDatabaseKinds } from '../test/testing';
import type { TestDatabase } from '../test/testing';

/** A listing's rows in listing_terms, as (lexeme, filters) strings, sorted. */
async function termsOf(db: Database, listingId: number): Promise<string[]> {
  const rows = await db
    .select({
      lexeme: listingTerms.lexeme,
      createdAt: listingTerms.createdAt,
      endsAt: listingTerms.endsAt,
      category: listingTerms.category,
      listingType: listingTerms.listingType,
    })
    .from(listingTerms)
    .where(eq(listingTerms.listingId, listingId));
  return rows
    .map(
      (r) =>
        `${r.lexeme} ${r.createdAt.toISOString()} ${r.endsAt.toISOString()} ${r.category} ${r.listingType}`,
    )
    .sort();
}

/** What listing_terms should hold for a listing: one row per lexeme of its search_vector. */
async function expectedTermsOf(db: Database, listingId: number): Promise<string[]> {
  const [row] = await db.select().from(listings).where(eq(listings.id, listingId));
  if (!row) return [];
  const lexemes = await executeRows<{ lexeme: string }>(
    db,
    sql`select unnest(tsvector_to_array(search_vector)) as lexeme from listings where id = ${listingId}`,
  );
  return lexemes
    .map(
      (l) =>
        `${l.lexeme} ${row.createdAt.toISOString()} ${row.endsAt.toISOString()} ${row.category} ${row.listingType}`,
    )
    .sort();
}

describe.each(testDatabaseKinds())('listing_terms on %s', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  let sellerId: number;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    db = handle.db;
    const [seller] = await db
      .insert(users)
      .values({ email: 'terms@example.com', passwordHash: 'x', firstName: 'T', lastName: 'S' })
      .returning({ id: users.id });
    if (!seller) throw new Error('no user row');
    sellerId = seller.id;
  });
  afterAll(async () => {
    await handle.close();
  });

  const insert = async (title: string, description: string) => {
    const [row] = await db
      .insert(listings)
      .values({
        userId: sellerId,
        title,
        description,
        category: 'Furniture',
        listingType: 'single-item',
        priceRange: '$25-$50',
        address: '1 Main Street',
        endsAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: listings.id });
    if (!row) throw new Error('no listing row');
    return row.id;
  };

  it('holds each word form of a new listing with its filter columns', async () => {
    const id = await insert('Oak dining tables', 'Seats six');
    const terms = await termsOf(db, id);
    expect(terms).toEqual(await expectedTermsOf(db, id));
    expect(terms.map((t) => t.split(' ')[0])).toEqual(
      expect.arrayContaining(['oak', 'dine', 'tabl', 'furnitur', 'seat', 'six']),
    );
  });

  it('follows edits of the text and of the filtered columns, and leaves other edits alone', async () => {
    const id = await insert('Brass floor lamp', 'Bulb included');
    await db
      .update(listings)
      .set({ title: 'Walnut bookshelf', category: 'Antiques', listingType: 'garage-sale' })
      .where(eq(listings.id, id));
    let terms = await termsOf(db, id);
    expect(terms).toEqual(await expectedTermsOf(db, id));
    expect(terms.some((t) => t.startsWith('lamp '))).toBe(false);
    expect(terms.some((t) => t.startsWith('walnut ') && t.includes('Antiques garage-sale'))).toBe(
      true,
    );

    await db
      .update(listings)
      .set({ endsAt: new Date(Date.now() + 2 * 86_400_000), createdAt: new Date('2026-01-02') })
      .where(eq(listings.id, id));
    terms = await termsOf(db, id);
    expect(terms).toEqual(await expectedTermsOf(db, id));

    await db.update(listings).set({ address: '2 Elm Street' }).where(eq(listings.id, id));
    expect(await termsOf(db, id)).toEqual(terms);
  });

  it('drops a deleted listing, also when its seller goes', async () => {
    const id = await insert('Gray sofa', 'Firm cushions');
    expect((await termsOf(db, id)).length).toBeGreaterThan(0);
    await db.delete(listings).where(eq(listings.id, id));
    expect(await termsOf(db, id)).toEqual([]);

    const other = await insert('Kids bike', 'Training wheels');
    await db.delete(users).where(eq(users.id, sellerId));
    expect(await termsOf(db, other)).toEqual([]);
  });
});
