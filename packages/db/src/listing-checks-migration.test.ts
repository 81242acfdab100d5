import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { executeRows, migrationsFolder } from './client';
import { users } from './schema';
import { createTestDatabase, testDatabaseKinds } from '../test/testing';
import type { TestDatabase } from '../test/testing';

const MIGRATION = readdirSync(migrationsFolder).find((f) =>
  f.endsWith('_listing_category_price_checks.sql'),
);

/** The migration's statements, as drizzle's migrator splits them. */
function statements(): string[] {
  if (!MIGRATION) throw new Error('the category and price range migration is missing');
  return readFileSync(path.join(migrationsFolder, MIGRATION), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

describe.each(testDatabaseKinds())('category and price range checks on %s', (kind) => {
  let handle: TestDatabase;
  let sellerId = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [seller] = await handle.db
      .insert(users)
      .values({ email: `checks-${kind}@example.com`, firstName: 'Cora', lastName: 'Check' })
      .returning({ id: users.id });
    sellerId = seller?.id ?? 0;
  });
  afterAll(async () => {
    await handle.close();
  });

  const insert = (title: string, category: string, priceRange: string) =>
    handle.db.execute(
      sql`insert into listings (user_id, title, category, price_range, address, ends_at)
          values (${sellerId}, ${title}, ${category}, ${priceRange}, '2 Quay Street', now() + interval '1 day')`,
    );

  it('keeps every listing written before the checks, mapping old and unknown values', async () => {
    // The database as it was before the migration: no checks, and values from older clients.
    await handle.db.execute(
      sql.raw(
        'alter table listings drop constraint listings_category_check, drop constraint listings_price_range_check',
      ),
    );
    await insert('Paperbacks by the box', 'Books', 'Free');
    await insert('Tin robot', 'Spaceships', 'About $40');
    await insert('Carriage clock', 'Antiques', '$100-$250');

    for (const statement of statements()) await handle.db.execute(sql.raw(statement));

    const rows = await executeRows<{ title: string; category: string; price_range: string }>(
      handle.db,
      sql`select title, category, price_range from listings order by title`,
    );
    expect(rows).toEqual([
      { title: 'Carriage clock', category: 'Antiques', price_range: '$100-$250' },
      { title: 'Paperbacks by the box', category: 'Books & Media', price_range: 'Free' },
      { title: 'Tin robot', category: 'Other', price_range: 'Negotiable' },
    ]);
  });

  it('refuses a category or a price range outside the lists', async () => {
    await expect(insert('Moon rock', 'Space', 'Free')).rejects.toThrow();
    await expect(insert('Moon rock', 'Other', 'Priceless')).rejects.toThrow();
    await insert('Moon rock', 'Collectibles', '$250+');
  });
});
