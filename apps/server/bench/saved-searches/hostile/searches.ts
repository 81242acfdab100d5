/** The hostile searches: fragments of many words first, then the costliest the server accepts. */
import { MAX_BORROWED_FORMS_PER_SEARCH, MAX_BORROWED_FORMS_PER_WORD } from '@yardsale/api';
import { executeRows, sql } from '@yardsale/db';
import type { Database } from '@yardsale/db';

import type { Random } from '../../lib/random';
import { HOSTILE_ACCOUNTS, call } from './sides';
import type { Client, Side } from './sides';

export const SEARCHES_PER_ACCOUNT = 20;

/** 3-letter pieces of the vocabulary's words, commonest first, with how many known words hold each. */
async function commonFragments(db: Database) {
  return executeRows<{ fragment: string; words: number }>(
    db,
    sql`select f.fragment, count(*)::int as words
        from search_terms t,
             lateral (select distinct substr(t.term, i, 3) as fragment
                      from generate_series(1, length(t.term) - 2) as i) f
        group by f.fragment order by count(*) desc limit 200`,
  );
}

type Candidate = {
  word: string;
  /** A word listings use (in search_terms). */
  known: boolean;
  /** Forms search would borrow for it from the known words that hold it. */
  borrowed: number;
  /** Known words that hold it. */
  holders: number;
};

/**
 * What an attacker would pick once fragments of hundreds of words are refused: fragments of fewer
 * words (each stored with every borrowed form), and known words held by the most others (found as a
 * part of every such word a new listing has).
 */
async function candidates(db: Database, fragments: string[]): Promise<Candidate[]> {
  const sampled = await executeRows<{ term: string }>(
    db,
    sql`select term from search_terms where length(term) between 4 and 7 order by md5(term) limit 400`,
  );
  const words = [...new Set([...fragments, ...sampled.map((r) => r.term)])];
  return executeRows<Candidate>(
    db,
    sql`select w.word,
               exists (select 1 from search_terms k where k.term = w.word) as known,
               (select count(distinct f)::int
                from search_terms t, unnest(tsvector_to_array(to_tsvector('english', t.term))) f
                where t.term like '%' || w.word || '%'
                  and f <> all (tsvector_to_array(to_tsvector('english', w.word)))) as borrowed,
               (select count(*)::int from search_terms t
                where t.term like '%' || w.word || '%' and t.term <> w.word) as holders
        from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w(word)`,
  );
}

/** Saves 200 searches: fragments first, then what is refused replaced by the costliest accepted. */
export async function saveHostile(client: Client, side: Side, random: Random) {
  const fragments = await commonFragments(side.database.handle.db);
  const tester = 'ing ion ter ent ers ate';
  const commonest = fragments.slice(0, 30).map((f) => f.fragment);
  const sixOf = (list: string[]) => {
    const picked = new Set<string>();
    while (picked.size < Math.min(6, list.length)) picked.add(random.pick(list));
    return [...picked].join(' ');
  };
  const attempts: string[] = [tester];
  while (attempts.length < HOSTILE_ACCOUNTS * SEARCHES_PER_ACCOUNT) attempts.push(sixOf(commonest));
  let accepted = 0;
  const refusals = new Map<string, number>();
  const save = async (account: number, search: string) => {
    const cookie = side.hostileCookies[account];
    if (!cookie) throw new Error('no such account');
    const res = await call(client, side, cookie, (trpc) =>
      trpc.savedSearches.create.mutate({ search, push: true, email: 'instant' }),
    );
    if (res.ok) accepted++;
    else {
      // One line per kind of refusal, whichever word it names.
      const key = (res.message ?? 'refused').replace(/“[^”]*”/, '“…”');
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    }
    return res.ok;
  };
  const perAccount = new Array<number>(HOSTILE_ACCOUNTS).fill(0);
  for (const [i, search] of attempts.entries()) {
    const account = i % HOSTILE_ACCOUNTS;
    if (await save(account, search)) perAccount[account] = (perAccount[account] ?? 0) + 1;
  }
  const fragmentSearchesAccepted = accepted;
  if (accepted === attempts.length) return { tester, fragmentSearchesAccepted, accepted, refusals };

  const found = await candidates(
    side.database.handle.db,
    fragments.map((f) => f.fragment),
  );
  const storedWhole = found
    .filter((c) => !c.known && c.borrowed > 0 && c.borrowed <= MAX_BORROWED_FORMS_PER_WORD)
    .sort((a, b) => b.borrowed - a.borrowed)
    .slice(0, 40);
  const heldMost = found
    .filter((c) => c.known)
    .sort((a, b) => b.holders - a.holders)
    .slice(0, 40);
  const costliest = () => {
    const words: string[] = [];
    let budget = MAX_BORROWED_FORMS_PER_SEARCH;
    for (const c of [...storedWhole].sort(() => random.next() - 0.5)) {
      if (words.length >= 3) break;
      if (c.borrowed <= budget) {
        words.push(c.word);
        budget -= c.borrowed;
      }
    }
    while (words.length < 6 && heldMost.length > 0) {
      const c = random.pick(heldMost);
      if (!words.includes(c.word)) words.push(c.word);
    }
    return words.join(' ');
  };
  let tries = 0;
  for (let account = 0; account < HOSTILE_ACCOUNTS; account++) {
    while ((perAccount[account] ?? 0) < SEARCHES_PER_ACCOUNT && tries < 1000) {
      tries++;
      if (await save(account, costliest())) perAccount[account] = (perAccount[account] ?? 0) + 1;
    }
  }
  return { tester, fragmentSearchesAccepted, accepted, refusals };
}

export async function wordTableSize(db: Database) {
  const [row] = await executeRows<{
    rows: number;
    bytes: string;
    max_forms: number | null;
    avg_forms: number | null;
  }>(
    db,
    sql`select (select count(*)::int from saved_search_words) as rows,
               pg_size_pretty(pg_total_relation_size('saved_search_words')) as bytes,
               (select max(cardinality(forms)) from saved_search_words) as max_forms,
               (select round(avg(cardinality(forms)), 1)::float8 from saved_search_words) as avg_forms`,
  );
  return row;
}
