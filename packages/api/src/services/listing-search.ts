import { or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

import * as schema from '@yardsale/db/schema';

const { listings } = schema;

/** LIKE wildcards in what a person typed are literal characters. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Which listings a search matches. Exact mode: the words themselves (full text over title, category
 * and description, stemmed), or the text as part of a word ("furn" finds furniture). Fuzzy mode:
 * words spelt alike ("tabel" finds table), through the trigram index on the same text.
 */
export function searchCondition(search: string, fuzzy: boolean): SQL | undefined {
  const text = search.toLowerCase();
  if (fuzzy) {
    return sql`${text} <% ${listings.searchText}`;
  }
  const fullText = sql`${listings.searchVector} @@ websearch_to_tsquery('english', ${search})`;
  // Under three characters a trigram index cannot help; prefix matching of whole words still can.
  if (text.length < 3) {
    const prefix = text.replace(/[^\p{L}\p{N}]/gu, '');
    return prefix ? or(fullText, sql`${listings.searchVector} @@ to_tsquery('english', ${`${prefix}:*`})`) : fullText;
  }
  return or(fullText, sql`${listings.searchText} like ${`%${escapeLike(text)}%`}`);
}
