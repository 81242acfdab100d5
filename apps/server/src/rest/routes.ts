import { TRPCError } from '@trpc/server';
import type { z } from 'zod';

import { setProfilePicture } from '@yardsale/api';
import type { ApiServices, Caller, Context } from '@yardsale/api';
import {
  MAX_PROFILE_PICTURE_BYTES,
  MESSAGES,
  changePasswordSchema,
  profilePictureResponseSchema,
  registerSchema,
  sessionUserSchema,
  signInSchema,
  successSchema,
  updateProfileSchema,
} from '@yardsale/validators';

export interface RestCall {
  caller: Caller;
  ctx: Context;
  services: ApiServices;
  body: unknown;
  params: Record<string, string>;
  /** The uploaded file's bytes, for multipart routes. */
  file?: Buffer;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify path syntax: /api/listings/:id */
  url: string;
  summary: string;
  tag: string;
  /** JSON request body, validated again by the procedure it reaches. */
  body?: z.ZodType;
  /** A single-file multipart upload. */
  multipart?: { field: string; maxBytes: number; tooLargeMessage: string };
  response: z.ZodType;
  access: 'public' | 'user' | 'admin';
  run: (call: RestCall) => Promise<unknown>;
}

function requireUser(ctx: Context) {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.auth.unauthorized });
  return ctx.user;
}

/**
 * The documented /api surface (spec section 7). Each path reaches the same procedure or service
 * as the web app does, so the two can never disagree.
 */
export const restRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/user',
    summary: 'The signed-in user; 401 when signed out',
    tag: 'auth',
    response: sessionUserSchema,
    access: 'user',
    run: async ({ caller }) => {
      const user = await caller.auth.me();
      if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.auth.unauthorized });
      return user;
    },
  },
  {
    method: 'PUT',
    url: '/api/user',
    summary: 'Update the profile (first name, last name, e-mail, phone)',
    tag: 'auth',
    body: updateProfileSchema,
    response: sessionUserSchema,
    access: 'user',
    run: ({ caller, body }) => caller.auth.updateProfile(body as z.input<typeof updateProfileSchema>),
  },
  {
    method: 'PUT',
    url: '/api/user/password',
    summary: 'Change the password; ends every other session',
    tag: 'auth',
    body: changePasswordSchema,
    response: successSchema,
    access: 'user',
    run: ({ caller, body }) => caller.auth.changePassword(body as z.input<typeof changePasswordSchema>),
  },
  {
    method: 'POST',
    url: '/api/login',
    summary: 'Sign in; sets the session cookie',
    tag: 'auth',
    body: signInSchema,
    response: sessionUserSchema,
    access: 'public',
    run: ({ caller, body }) => caller.auth.login(body as z.input<typeof signInSchema>),
  },
  {
    method: 'POST',
    url: '/api/register',
    summary: 'Create an account; sets the session cookie',
    tag: 'auth',
    body: registerSchema,
    response: sessionUserSchema,
    access: 'public',
    run: ({ caller, body }) => caller.auth.register(body as z.input<typeof registerSchema>),
  },
  {
    method: 'POST',
    url: '/api/logout',
    summary: 'End the session',
    tag: 'auth',
    response: successSchema,
    access: 'public',
    run: ({ caller }) => caller.auth.logout(),
  },
  {
    method: 'POST',
    url: '/api/user/profile-picture',
    summary: 'Upload a profile picture (multipart field profilePicture, an image up to 5 MB)',
    tag: 'auth',
    multipart: {
      field: 'profilePicture',
      maxBytes: MAX_PROFILE_PICTURE_BYTES,
      tooLargeMessage: MESSAGES.profilePicture.tooLargeDescription,
    },
    response: profilePictureResponseSchema,
    access: 'user',
    run: async ({ ctx, services, file }) => {
      const user = requireUser(ctx);
      if (!file) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: MESSAGES.profilePicture.invalidTypeDescription });
      }
      const updated = await setProfilePicture(services, user.id, file);
      return { profilePicture: updated.profilePicture };
    },
  },
  {
    method: 'DELETE',
    url: '/api/user/profile-picture',
    summary: 'Remove the profile picture',
    tag: 'auth',
    response: profilePictureResponseSchema,
    access: 'user',
    run: async ({ caller }) => {
      const updated = await caller.auth.removeProfilePicture();
      return { profilePicture: updated.profilePicture };
    },
  },
];
