import { sql } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';

/** A signed-in user as every request sees it: sessions and account changes read the same columns. */
export const sessionUserColumns = {
  id: schema.users.id,
  email: schema.users.email,
  firstName: schema.users.firstName,
  lastName: schema.users.lastName,
  phone: schema.users.phone,
  profilePicture: schema.users.profilePicture,
  role: schema.users.role,
  emailVerified: sql<boolean>`${schema.users.emailVerifiedAt} is not null`.as('email_verified'),
  createdAt: schema.users.createdAt,
};
