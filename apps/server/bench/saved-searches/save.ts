/**
 * Saving the searches: each kind once through savedSearches.create, so that its words are read as
 * the product reads them, then copied to other people with filters of their own.
 */
import { executeRows, sql } from '@yardsale/db';
import { CATEGORIES } from '@yardsale/validators';
import type { Category, ListingType, SavedSearchInput } from '@yardsale/validators';

import { randomSource } from '../lib/random';
import { sessionCookie } from '../lib/server';
import { aroundTown } from '../lib/towns';
import { searchKinds } from './search-kinds';
import type { SearchKind } from './search-kinds';
import { callerFor } from './sides';
import type { BenchSide } from './sides';

const INSERT_BATCH = 5000;
/** Each kind of search is saved by one of these people first (20 each, the most one may keep). */
const KINDS_PER_OWNER = 20;

interface Template {
  id: number;
  search: string;
  category: Category | null;
  words: number;
}

/** Saves each kind once through the procedure, as people of the first few accounts. */
async function saveKinds(side: BenchSide, kinds: SearchKind[]) {
  const templates: Template[] = [];
  const placeOnly: SavedSearchInput = {
    near: aroundTown(randomSource(1), 0),
    radiusMiles: 10,
  };
  const inputs: SavedSearchInput[] = [
    ...kinds.map((k) => ({ search: k.search })),
    // Every search without words is a copy of this one, with its own filters.
    placeOnly,
  ];
  for (let i = 0; i < inputs.length; i += KINDS_PER_OWNER) {
    const ownerId = side.searcherIds[i / KINDS_PER_OWNER];
    if (ownerId === undefined) throw new Error('not enough people for the kinds of searches');
    const caller = await callerFor(side.deps, await sessionCookie(side.deps, ownerId));
    for (const input of inputs.slice(i, i + KINDS_PER_OWNER)) {
      const saved = await caller.savedSearches.create(input);
      templates.push({
        id: saved.id,
        search: saved.search,
        category: kinds.find((k) => k.search === saved.search)?.category ?? null,
        words: 0,
      });
    }
  }
  const counts = await executeRows<{ id: number; word_count: number }>(
    side.database.handle.db,
    sql`select id, word_count from saved_searches`,
  );
  for (const t of templates) t.words = counts.find((c) => c.id === t.id)?.word_count ?? 0;
  return {
    owners: Math.ceil(inputs.length / KINDS_PER_OWNER),
    withWords: templates.filter((t) => t.search !== ''),
    wordless: templates.find((t) => t.search === ''),
  };
}

interface CopyRow {
  id: number;
  template_id: number;
  user_id: number;
  name: string;
  category: Category | null;
  listing_type: ListingType | null;
  latitude: number | null;
  longitude: number | null;
  radius_miles: number | null;
  push: boolean;
  email: 'instant' | 'daily' | 'off';
  paused: boolean;
}

const RADII = [5, 10, 10, 25, 25, 50];

/** Copies the saved kinds to other people, each copy with filters of its own, up to `total`. */
export async function saveCopies(side: BenchSide, total: number, placeShare: number, now: Date) {
  const random = randomSource(20_250_706);
  const { groups } = searchKinds(random);
  const kinds = groups.flatMap((g) => g.kinds);
  const saved = await saveKinds(side, kinds);
  const { wordless } = saved;
  if (!wordless) throw new Error('the search without words was not saved');
  const byKind = new Map(saved.withWords.map((t) => [t.search, t]));
  const pickGroup = () => {
    let r = random.next();
    for (const g of groups) {
      if (r < g.share) return g;
      r -= g.share;
    }
    return groups[0] ?? { kinds: [] };
  };
  const people = side.searcherIds.slice(saved.owners);
  const [last] = await executeRows<{ id: number; n: number }>(
    side.database.handle.db,
    sql`select max(id)::int as id, count(*)::int as n from saved_searches`,
  );
  let nextId = last?.id ?? 0;
  const copies = total - (last?.n ?? 0);
  const mix = { words: [0, 0, 0, 0], categoryOnly: 0, placeOnly: 0, withPlace: 0, paused: 0 };
  const email = () => {
    const r = random.next();
    return r < 0.5 ? ('daily' as const) : r < 0.7 ? ('instant' as const) : ('off' as const);
  };
  const place = (chance: number) => {
    if (random.next() >= chance) return { latitude: null, longitude: null, radius_miles: null };
    const point = aroundTown(random, 4);
    return { ...point, radius_miles: random.pick(RADII) };
  };
  const nameOf = (parts: (string | null)[]) =>
    parts.filter((p): p is string => Boolean(p)).join(' · ') || 'Near you';

  for (let done = 0; done < copies; done += INSERT_BATCH) {
    const rows: CopyRow[] = [];
    for (let i = done; i < Math.min(copies, done + INSERT_BATCH); i++) {
      const userId = people[i % people.length];
      if (userId === undefined) throw new Error('no people');
      const r = random.next();
      let row: Omit<CopyRow, 'id' | 'user_id' | 'push' | 'email' | 'paused'>;
      if (r < 0.8) {
        const kind = random.pick(pickGroup().kinds);
        const template = byKind.get(kind.search);
        if (!template) throw new Error(`"${kind.search}" was not saved`);
        const category = random.next() < 0.2 ? kind.category : null;
        const listingType =
          random.next() < 0.05 ? random.pick(['garage-sale', 'single-item'] as const) : null;
        row = {
          template_id: template.id,
          name: nameOf([template.search, category, listingType?.replace('-', ' ') ?? null]),
          category,
          listing_type: listingType,
          ...place(placeShare),
        };
        mix.words[Math.min(template.words, 3)] = (mix.words[Math.min(template.words, 3)] ?? 0) + 1;
      } else if (r < 0.9) {
        const category = random.pick(CATEGORIES);
        row = {
          template_id: wordless.id,
          name: category,
          category,
          listing_type: null,
          ...place(placeShare),
        };
        mix.categoryOnly++;
      } else {
        const listingType = random.next() < 0.3 ? ('garage-sale' as const) : null;
        row = {
          template_id: wordless.id,
          name: nameOf([listingType?.replace('-', ' ') ?? null]),
          category: null,
          listing_type: listingType,
          ...place(1),
        };
        mix.placeOnly++;
      }
      if (row.latitude !== null) mix.withPlace++;
      const paused = random.next() < 0.05;
      if (paused) mix.paused++;
      nextId += 1;
      rows.push({
        ...row,
        id: nextId,
        user_id: userId,
        push: random.next() < 0.8,
        email: email(),
        paused,
      });
    }
    // Ids given here, so that each copy's words can be copied from its kind in the same statement.
    await side.database.handle.db.execute(sql`
      with r as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
          id integer, template_id integer, user_id integer, name text, category text,
          listing_type listing_type, latitude float8, longitude float8, radius_miles float8,
          push boolean, email text, paused boolean)
      ),
      searches as (
        insert into saved_searches
          (id, user_id, name, search, category, listing_type, latitude, longitude, radius_miles,
           push, email, paused, word_count, created_at)
        overriding system value
        select r.id, r.user_id, r.name, t.search, r.category, r.listing_type, r.latitude,
               r.longitude, r.radius_miles, r.push, r.email, r.paused, t.word_count,
               ${now.toISOString()}::timestamptz
        from r join saved_searches t on t.id = r.template_id
      )
      insert into saved_search_words (saved_search_id, position, word, forms, word_count, category,
                                      listing_type, latitude, longitude, radius_miles)
      select r.id, w.position, w.word, w.forms, w.word_count, r.category, r.listing_type,
             r.latitude, r.longitude, r.radius_miles
      from r join saved_search_words w on w.saved_search_id = r.template_id`);
  }
  await side.database.handle.db.execute(
    sql`select setval(pg_get_serial_sequence('saved_searches', 'id'), (select max(id) from saved_searches))`,
  );
  return { kinds: kinds.length, copies, mix };
}
