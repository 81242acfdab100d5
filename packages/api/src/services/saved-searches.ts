import { TRPCError } from '@trpc/server';
import { and, asc, eq, sql } from 'drizzle-orm';

import { executeRows } from '@yardsale/db';
import type { Database } from '@yardsale/db';
import * as schema from '@yardsale/db/schema';
import {
  MAX_SAVED_SEARCHES,
  MAX_SAVED_SEARCH_WORDS,
  NOTIFICATION_TEXT,
} from '@yardsale/validators';
import type { SavedSearch, SavedSearchEmail, SavedSearchValues } from '@yardsale/validators';

import { isEmailVerified, lockLiveAccount } from './account-lock';
import { analyseSearch } from './listing-search';
import type { AnalysedWord } from './listing-search';
import type { ServerDeps } from './types';

const { savedSearches, savedSearchWords, searchTerms } = schema;
const M = NOTIFICATION_TEXT;

/**
 * Forms one word of a saved search may take from the known words that contain it ("table" from
 * "tablet"): search looks for all of them, so a word that is part of hundreds of words ("ing") would
 * store hundreds, and every new listing would find it (decision 077).
 */
export const MAX_BORROWED_FORMS_PER_WORD = 48;
/** The same, for all the words of one saved search together. */
export const MAX_BORROWED_FORMS_PER_SEARCH = 128;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: M.savedSearchNotFound });

function toSavedSearch(row: schema.SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    search: row.search,
    category: row.category,
    listingType: row.listingType,
    near:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
    radiusMiles: row.radiusMiles,
    push: row.push,
    email: row.email,
    paused: row.paused,
    createdAt: row.createdAt,
  };
}

/** The name a saved search gets when none is given: what was searched for. */
function defaultName(values: SavedSearchValues): string {
  const parts = [values.search, values.category, values.listingType?.replace('-', ' ')].filter(
    (p): p is string => Boolean(p),
  );
  const name = parts.length > 0 ? parts.join(' · ') : 'Near you';
  return name.slice(0, 80);
}

/** A word's own forms ("tables": table; "7": 7, -7, +7) and whether a listing has used it. */
async function ownFormsOf(db: Database, words: string[]) {
  const rows = await executeRows<{ word: string; forms: string[]; known: boolean }>(
    db,
    sql`select w.word,
          array(select unnest(tsvector_to_array(to_tsvector('english', w.word)))
                union select sign || w.word from unnest(array['-', '+']) as sign
                where w.word ~ '^[0-9]+$') as forms,
          exists (select 1 from ${searchTerms} t where t.term = w.word) as known
        from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w(word)`,
  );
  return new Map(rows.map((r) => [r.word, r]));
}

const tooCommon = (word: string) =>
  new TRPCError({ code: 'BAD_REQUEST', message: M.savedSearchWordTooCommon(word) });

/**
 * The words a listing must match, read by search's own analysis (listing-search.ts), so that a match
 * is what the search would show: stop words ("the") restrict nothing unless there is nothing else;
 * each word keeps the forms search looks for (its own, "tables" is table, and those of the known words
 * containing it). `position` is the word's place in the search: only the first MAX_FUZZY_WORDS are
 * also found as part of a longer word, as in search.
 *
 * What a saved search stores is bounded (decision 077): at most MAX_SAVED_SEARCH_WORDS words, and
 * forms borrowed from other words up to MAX_BORROWED_FORMS_PER_WORD a word and
 * MAX_BORROWED_FORMS_PER_SEARCH a search. A word past those bounds that no listing has used as a
 * word ("ing", "ter") is refused; one that listings use ("car") keeps its own forms, and a new
 * listing's longer words still find it as their part ("carpet"), as search does.
 */
async function wordsOf(db: Database, search: string) {
  const analysed = (await analyseSearch(db, search)).map((w, position) => ({ ...w, position }));
  const meaningful = analysed.filter((w) => !w.stop);
  const kept = meaningful.length > 0 ? meaningful : analysed;
  if (kept.length > MAX_SAVED_SEARCH_WORDS) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: M.tooManySavedSearchWords(MAX_SAVED_SEARCH_WORDS),
    });
  }
  const borrowing = kept.filter((w) => w.lexemes.length > 1);
  const own =
    borrowing.length > 0
      ? await ownFormsOf(
          db,
          borrowing.map((w) => w.word),
        )
      : null;
  let budget = MAX_BORROWED_FORMS_PER_SEARCH;
  return kept.map((w): AnalysedWord & { position: number } => {
    const mine = own?.get(w.word);
    if (!mine) return w;
    const ownForms = w.lexemes.filter((form) => mine.forms.includes(form));
    const borrowed = w.lexemes.length - ownForms.length;
    if (borrowed === 0) return w;
    if (borrowed <= MAX_BORROWED_FORMS_PER_WORD && borrowed <= budget) {
      budget -= borrowed;
      return w;
    }
    if (!mine.known) throw tooCommon(w.word);
    return { ...w, lexemes: ownForms };
  });
}

export async function listSavedSearches(deps: ServerDeps, userId: number): Promise<SavedSearch[]> {
  const rows = await deps.db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return rows.map(toSavedSearch);
}

export async function createSavedSearch(
  deps: ServerDeps,
  userId: number,
  values: SavedSearchValues,
): Promise<SavedSearch> {
  const words = await wordsOf(deps.db, values.search);
  // Only punctuation: search shows nothing for it, so as a saved search it would never match.
  if (values.search && words.length === 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: M.searchHasNoWords });
  }
  return deps.db.transaction(async (tx) => {
    // One at a time per person, so two saves at once cannot pass the limit together; refused once
    // the account is deleted, so a save racing a deletion does not outlive it.
    const account = await lockLiveAccount(tx, userId, 'update');
    // Only a confirmed address is mailed or pushed to (decision 078).
    if (!account.emailVerified && (values.push || values.email !== 'off')) {
      throw new TRPCError({ code: 'FORBIDDEN', message: M.verifyForAlerts });
    }
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if ((count?.n ?? 0) >= MAX_SAVED_SEARCHES) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: M.tooManySavedSearches(MAX_SAVED_SEARCHES),
      });
    }
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: values.name ?? defaultName(values),
        search: values.search,
        category: values.category ?? null,
        listingType: values.listingType ?? null,
        latitude: values.near?.latitude ?? null,
        longitude: values.near?.longitude ?? null,
        radiusMiles: values.near ? (values.radiusMiles ?? null) : null,
        push: values.push,
        email: values.email,
        wordCount: words.length,
        createdAt: deps.now(),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    if (words.length > 0) {
      await tx.insert(savedSearchWords).values(
        words.map((w) => ({
          savedSearchId: row.id,
          position: w.position,
          word: w.word,
          forms: w.lexemes,
          wordCount: row.wordCount,
          category: row.category,
          listingType: row.listingType,
          latitude: row.latitude,
          longitude: row.longitude,
          radiusMiles: row.radiusMiles,
        })),
      );
    }
    return toSavedSearch(row);
  });
}

export async function updateSavedSearch(
  deps: ServerDeps,
  userId: number,
  input: { id: number; name?: string; paused?: boolean; push?: boolean; email?: SavedSearchEmail },
): Promise<SavedSearch> {
  const { id, ...changes } = input;
  const alertsOn =
    changes.push === true || (changes.email !== undefined && changes.email !== 'off');
  if (alertsOn && !(await isEmailVerified(deps.db, userId))) {
    throw new TRPCError({ code: 'FORBIDDEN', message: M.verifyForAlerts });
  }
  // A field sent as undefined changes nothing; with nothing to change, drizzle would refuse the update.
  const fields = Object.keys(changes) as (keyof typeof changes)[];
  if (fields.every((field) => changes[field] === undefined)) {
    const [row] = await deps.db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
    if (!row) throw notFound();
    return toSavedSearch(row);
  }
  const [row] = await deps.db
    .update(savedSearches)
    .set(changes)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toSavedSearch(row);
}

export async function deleteSavedSearch(deps: ServerDeps, userId: number, id: number) {
  const deleted = await deps.db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw notFound();
}
