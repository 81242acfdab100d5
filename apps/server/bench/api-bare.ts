/**
 * The API benchmark's yardstick: a bare Fastify server with the product's helmet and compression
 * settings whose routes send, through postgres.js, the same SQL statements the product sends for
 * the same request (as drizzle writes them, in the same order, inside the same transaction), check
 * the session as the product does, and answer the same JSON. No tRPC, no drizzle, no zod.
 */
import { createHash } from 'node:crypto';

import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';

import { SESSION_COOKIE_NAME } from '@yardsale/api';
import {
  SESSION_REMEMBER_ABSOLUTE_DAYS,
  SESSION_SHORT_ABSOLUTE_HOURS,
  encodeListingCursor,
} from '@yardsale/validators';

import { compressOptions, helmetOptions } from '../src/app';

/** The channel the bare server's wake-ups go to; it listens to it as the product listens to its own. */
const BARE_CHANNEL = 'yardsale_bench_bare_events';
const EVENT_LOCK_SPACE = 7_301;
const LIST_PAGE_SIZE = 20;

const SESSION_SQL =
  'select "sessions"."id", "sessions"."user_id", "sessions"."expires_at", "sessions"."remember", "sessions"."created_at", "users"."id", "users"."email", "users"."first_name", "users"."last_name", "users"."phone", "users"."profile_picture", "users"."role", "users"."created_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."id" = $1 limit $2';
const LISTING_SELECT =
  'select "listings"."id", "listings"."user_id", "listings"."title", "listings"."description", "listings"."category", "listings"."listing_type", "listings"."price_range", "listings"."address", "listings"."start_date", "listings"."end_date", "listings"."start_time", "listings"."end_time", "listings"."time_zone", "listings"."ends_at", "listings"."contact_phone", "listings"."contact_email", "listings"."created_at", "listings"."updated_at", "users"."id", "users"."first_name", "users"."last_name", "users"."profile_picture" from "listings" inner join "users" on "users"."id" = "listings"."user_id"';
const LISTING_SQL = `${LISTING_SELECT} where "listings"."id" = $1 limit $2`;
const LIST_SQL = `${LISTING_SELECT} where "listings"."ends_at" > $1 order by "listings"."created_at" desc, "listings"."id" desc limit $2`;
const imagesSql = (count: number) =>
  `select "id", "listing_id", "image_url", "thumbnail_url", "is_primary", "width", "height", "created_at" from "listing_images" where "listing_images"."listing_id" in (${Array.from({ length: count }, (_, i) => `$${i + 1}`).join(', ')}) order by "listing_images"."is_primary" desc, "listing_images"."position" asc, "listing_images"."id" asc`;
/** The conversation, read with the event locks taken (the shared one, then each user's, lower id first). */
const CONVERSATION_SQL =
  'select "id", "listing_id", "buyer_id", "seller_id", "is_announcement", "buyer_hidden_at", "seller_hidden_at", "last_message_at", "created_at", pg_advisory_xact_lock_shared($1, 0), pg_advisory_xact_lock($2, least("buyer_id", "seller_id")), pg_advisory_xact_lock($3, greatest("buyer_id", "seller_id")) from "conversations" where ("conversations"."id" = $4 and ("conversations"."buyer_id" = $5 or "conversations"."seller_id" = $6))';
const INSERT_MESSAGE_SQL =
  'insert into "messages" ("id", "conversation_id", "sender_id", "content", "is_read", "created_at") values (default, $1, $2, $3, default, default) returning "id", "conversation_id", "sender_id", "content", "is_read", "created_at"';
/** The conversation touched and both events written, in one statement. */
const TOUCH_AND_EVENTS_SQL = `with touched as (
        update "conversations"
        set last_message_at = $1::timestamptz,
          buyer_hidden_at = null, seller_hidden_at = null
        where id = $2
      )
      insert into "user_events" (user_id, kind, conversation_id, message_id)
      values ($3, 'message.created', $4, $5),
        ($6, 'message.created', $7, $8)`;

type Value = postgres.ParameterOrJSON<never>;

const unauthorized = { message: 'Please sign in to continue.' };

interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  profilePicture: string | null;
  role: string;
  createdAt: Date;
}

export async function startBareServer(databaseUrl: string): Promise<{
  url: string;
  close(): Promise<void>;
}> {
  // The product's pool size (packages/db createDatabase's default).
  const sql = postgres(databaseUrl, { max: 10, onnotice: () => undefined });
  const listener = await sql.listen(BARE_CHANNEL, () => undefined);
  const rows = async (text: string, params: Value[]): Promise<unknown[][]> => {
    // values(): each row as an array, as drizzle reads joined rows.
    return await sql.unsafe(text, params, { prepare: true }).values();
  };

  const app: FastifyInstance = Fastify({ logger: { level: 'warn' } });
  await app.register(helmet, helmetOptions(false));
  await app.register(compress, compressOptions);

  /** The session check the product makes: token from the cookie, hashed, one lookup, lifetimes. */
  const sessionUser = async (cookieHeader: string | undefined): Promise<SessionUser | null> => {
    const token = readSessionCookie(cookieHeader);
    if (!token) return null;
    const [row] = await rows(SESSION_SQL, [createHash('sha256').update(token).digest('hex'), 1]);
    if (!row) return null;
    const [
      ,
      ,
      expiresAt,
      remember,
      createdAt,
      id,
      email,
      firstName,
      lastName,
      phone,
      picture,
      role,
      userCreatedAt,
    ] = row as [
      string,
      number,
      Date,
      boolean,
      Date,
      number,
      string,
      string,
      string,
      string | null,
      string | null,
      string,
      Date,
    ];
    const absoluteMs =
      (remember ? SESSION_REMEMBER_ABSOLUTE_DAYS * 24 : SESSION_SHORT_ABSOLUTE_HOURS) * 3600_000;
    const at = Date.now();
    if (role === 'system' || at >= expiresAt.getTime() || at >= createdAt.getTime() + absoluteMs)
      return null;
    return {
      id,
      email,
      firstName,
      lastName,
      phone,
      profilePicture: picture,
      role,
      createdAt: userCreatedAt,
    };
  };

  app.get('/bare/session', (_req, reply) => reply.send({ user: null }));

  app.get('/bare/user', async (req, reply) => {
    const user = await sessionUser(req.headers.cookie);
    if (!user) return reply.code(401).send(unauthorized);
    return user;
  });

  app.get<{ Params: { id: string } }>('/bare/listings/:id', async (req, reply) => {
    const user = await sessionUser(req.headers.cookie);
    if (!user) return reply.code(401).send(unauthorized);
    const id = Number(req.params.id);
    const [row] = await rows(LISTING_SQL, [id, 1]);
    if (!row) return reply.code(404).send({ message: 'Listing not found.' });
    const images = (await rows(imagesSql(1), [id])).map(toImage);
    const summary = toSummary(row, images);
    if (summary.isExpired && summary.userId !== user.id)
      return reply.code(404).send({ message: 'Listing not found.' });
    return { ...summary, images };
  });

  app.get('/bare/listings', async (req, reply) => {
    const user = await sessionUser(req.headers.cookie);
    if (!user) return reply.code(401).send(unauthorized);
    const found = await rows(LIST_SQL, [new Date().toISOString(), LIST_PAGE_SIZE + 1]);
    const page = found.slice(0, LIST_PAGE_SIZE);
    const ids = page.map((r) => r[0] as number);
    const images = new Map<number, ReturnType<typeof toImage>[]>();
    if (ids.length > 0) {
      for (const image of (await rows(imagesSql(ids.length), ids)).map(toImage)) {
        const list = images.get(image.listingId) ?? [];
        list.push(image);
        images.set(image.listingId, list);
      }
    }
    const items = page.map((r) => toSummary(r, images.get(r[0] as number) ?? []));
    const last = items.at(-1);
    return {
      items,
      nextCursor:
        found.length > LIST_PAGE_SIZE && last
          ? encodeListingCursor({ createdAt: last.createdAt, id: last.id, fuzzy: false })
          : null,
    };
  });

  app.post<{ Params: { id: string }; Body: { content: string } }>(
    '/bare/conversations/:id/messages',
    async (req, reply) => {
      const user = await sessionUser(req.headers.cookie);
      if (!user) return reply.code(401).send(unauthorized);
      const conversationId = Number(req.params.id);
      const { content } = req.body;
      const sent = await sql.begin(async (tx) => {
        const run = async (text: string, params: Value[]) =>
          (await tx.unsafe(text, params, { prepare: true }).values()) as unknown as unknown[][];
        const [conversation] = await run(CONVERSATION_SQL, [
          EVENT_LOCK_SPACE,
          EVENT_LOCK_SPACE,
          EVENT_LOCK_SPACE,
          conversationId,
          user.id,
          user.id,
        ]);
        if (!conversation) return null;
        const buyerId = conversation[2] as number;
        const sellerId = conversation[3] as number;
        const [created] = await run(INSERT_MESSAGE_SQL, [conversationId, user.id, content]);
        if (!created) throw new Error('insert returned no row');
        const createdAt = created[5] as Date;
        const messageId = created[0] as number;
        await run(TOUCH_AND_EVENTS_SQL, [
          createdAt.toISOString(),
          conversationId,
          buyerId,
          conversationId,
          messageId,
          sellerId,
          conversationId,
          messageId,
        ]);
        return {
          participants: [buyerId, sellerId],
          message: {
            id: messageId,
            conversationId: created[1] as number,
            senderId: created[2] as number,
            content: created[3] as string,
            isRead: created[4] as boolean,
            createdAt,
          },
        };
      });
      if (!sent) return reply.code(404).send({ message: 'Conversation not found.' });
      await sql.notify(BARE_CHANNEL, sent.participants.join(','));
      return sent.message;
    },
  );

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    async close() {
      await app.close();
      await listener.unlisten();
      await sql.end({ timeout: 5 });
    },
  };
}

function readSessionCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SESSION_COOKIE_NAME && value) return value;
  }
  return null;
}

function toImage(r: unknown[]) {
  return {
    id: r[0] as number,
    listingId: r[1] as number,
    imageUrl: r[2] as string,
    thumbnailUrl: r[3] as string,
    isPrimary: r[4] as boolean,
    width: r[5] as number | null,
    height: r[6] as number | null,
    createdAt: r[7] as Date,
  };
}

function toSummary(r: unknown[], images: ReturnType<typeof toImage>[]) {
  const endsAt = r[13] as Date;
  const primary = images[0];
  return {
    id: r[0] as number,
    userId: r[1] as number,
    title: r[2] as string,
    description: r[3] as string | null,
    category: r[4] as string,
    listingType: r[5] as string,
    priceRange: r[6] as string,
    address: r[7] as string,
    startDate: r[8] as string | null,
    endDate: r[9] as string | null,
    startTime: r[10] as string | null,
    endTime: r[11] as string | null,
    timeZone: r[12] as string,
    endsAt,
    contactPhone: r[14] as string | null,
    contactEmail: r[15] as string | null,
    createdAt: r[16] as Date,
    updatedAt: r[17] as Date,
    user: {
      id: r[18] as number,
      firstName: r[19] as string,
      lastName: r[20] as string,
      profilePicture: r[21] as string | null,
    },
    primaryImage: primary
      ? {
          imageUrl: primary.imageUrl,
          thumbnailUrl: primary.thumbnailUrl,
          width: primary.width,
          height: primary.height,
        }
      : null,
    imageCount: images.length,
    isExpired: endsAt.getTime() <= Date.now(),
  };
}
