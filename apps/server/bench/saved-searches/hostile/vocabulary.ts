/**
 * The hostile mode's large vocabulary: made-up roots with prefixes and English endings, so that
 * fragments such as "ing" are part of about a thousand known words.
 */
import { sql } from '@yardsale/db';
import type { Database } from '@yardsale/db';

import type { Random } from '../../lib/random';

const PREFIXES = ['', 're', 'un', 'pre', 'over', 'inter'];
const SUFFIXES = [
  '',
  'ing',
  'ings',
  'ion',
  'ions',
  'er',
  'ers',
  'ent',
  'ents',
  'ate',
  'ated',
  'ation',
  'ment',
  'able',
  'ness',
  'ter',
];
const CONSONANTS = 'bcdfglmnprstvz';
const VOWELS = 'aeiou';

function roots(random: Random, count: number): string[] {
  const made = new Set<string>();
  while (made.size < count) {
    const syllables = random.int(2, 3);
    let root = '';
    for (let i = 0; i < syllables; i++) {
      root += CONSONANTS.charAt(random.int(0, CONSONANTS.length - 1));
      root += VOWELS.charAt(random.int(0, VOWELS.length - 1));
    }
    root += CONSONANTS.charAt(random.int(0, CONSONANTS.length - 1));
    made.add(root);
  }
  return [...made];
}

export function vocabulary(random: Random) {
  const words: string[] = [];
  for (const root of roots(random, 200)) {
    for (const prefix of PREFIXES)
      for (const suffix of SUFFIXES) words.push(prefix + root + suffix);
  }
  return words;
}

/** Listings that use every word of the vocabulary once, so that search knows them all. */
export async function seedVocabulary(db: Database, sellerId: number, words: string[], now: Date) {
  const perListing = 60;
  const rows = [];
  for (let i = 0; i < words.length; i += perListing) {
    rows.push({
      user_id: sellerId,
      title: `Lot of odds and ends ${String(i / perListing + 1)}`,
      description: words.slice(i, i + perListing).join(' '),
      category: 'Other',
      listing_type: 'single-item',
      price_range: 'Negotiable',
      address: 'Somewhere',
      time_zone: 'America/Chicago',
      ends_at: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000).toISOString(),
      created_at: now.toISOString(),
    });
  }
  await db.execute(sql`
    insert into listings (user_id, title, description, category, listing_type, price_range, address,
                          time_zone, ends_at, created_at)
    select user_id, title, description, category, listing_type, price_range, address, time_zone,
           ends_at, created_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(user_id integer, title text,
      description text, category text, listing_type listing_type, price_range text, address text,
      time_zone text, ends_at timestamptz, created_at timestamptz)`);
}
