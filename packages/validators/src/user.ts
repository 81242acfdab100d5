import { z } from './zod';

import { USER_ROLES } from './constants';

/** The signed-in user as the API returns it: never a password or its hash. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  profilePicture: z.string().nullable(),
  role: z.enum(USER_ROLES),
  /** Whether `email` was confirmed by a mailed link; posting, messaging, reviewing and reporting need it. */
  emailVerified: z.boolean(),
  createdAt: z.date(),
});
/** Who is signed in, for a page that must not treat a visitor as an error: the user, or null. */
export const sessionAnswerSchema = z.object({ user: sessionUserSchema.nullable() });

export type SessionUser = z.output<typeof sessionUserSchema>;

export const successSchema = z.object({ success: z.literal(true) });

export const profilePictureResponseSchema = z.object({ profilePicture: z.string().nullable() });
export type ProfilePictureResponse = z.output<typeof profilePictureResponseSchema>;
