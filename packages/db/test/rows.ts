/** Rows for database tests: the fewest columns each table needs, and the error a statement met. */
import type { Database } from '../src/client';
import { listings, users } from '../src/schema';

let emailCounter = 0;

export async function insertUser(db: Database, firstName = 'Sam'): Promise<number> {
  emailCounter += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `user${emailCounter}@example.com`,
      passwordHash: 'x',
      firstName,
      lastName: 'Tester',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user row');
  return row.id;
}

export async function insertListing(
  db: Database,
  userId: number,
  values: {
    title?: string;
    description?: string;
    category?: (typeof listings.$inferInsert)['category'];
  } = {},
): Promise<number> {
  const [row] = await db
    .insert(listings)
    .values({
      userId,
      title: values.title ?? 'Oak bookshelf',
      description: values.description ?? 'Five shelves, solid wood.',
      category: values.category ?? 'Furniture',
      listingType: 'single-item',
      priceRange: '$25-$50',
      address: '1 Main Street',
      endsAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: listings.id });
  if (!row) throw new Error('no listing row');
  return row.id;
}

/** The PostgreSQL error code behind a failed drizzle query (drizzle wraps driver errors in `cause`). */
export async function errorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error) {
      if ('code' in current && typeof current.code === 'string') return current.code;
      current = current.cause;
    }
    return 'unknown error without a code';
  }
  return undefined;
}
