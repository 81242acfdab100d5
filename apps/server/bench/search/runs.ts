/** Running the searches of a type, and checking every page they return against the search rules. */
import { QueryFailure } from './client';
import type { Client, PageItem, Response } from './client';
import { describeParams } from './queries';
import type { QueryType, SearchParams } from './queries';

/** Each query type stops repeating after this much measured time, so a slow build still finishes in minutes. */
export const TYPE_TIME_BUDGET_MS = 20_000;

/** Newest first, ties broken by id, as the cursor pages them. */
function isAfter(a: PageItem, b: PageItem) {
  const at = Date.parse(a.createdAt);
  const bt = Date.parse(b.createdAt);
  return at < bt || (at === bt && a.id < b.id);
}

/** Nearest first, as far as distances rounded to a tenth of a mile can tell. */
function isFartherThan(a: PageItem, b: PageItem) {
  return (a.distanceMiles ?? Infinity) >= (b.distanceMiles ?? Infinity);
}

/**
 * What is wrong with a page: ended listings, filter mismatches, order, repeats from earlier pages and,
 * when asked, listings that do not mention the searched word.
 */
function checkPage(
  params: SearchParams,
  response: Response,
  previous: PageItem[],
  mentionsWord = false,
) {
  const problems = { ended: 0, other: [] as string[] };
  const items = response.page.items;
  const seen = new Set(previous.map((i) => i.id));
  let last = previous.at(-1);
  for (const item of items) {
    if (item.isExpired || Date.parse(item.endsAt) <= response.sentAt) problems.ended += 1;
    if (params.category && item.category !== params.category)
      problems.other.push(`listing ${item.id} is in ${item.category}`);
    if (params.listingType && item.listingType !== params.listingType) {
      problems.other.push(`listing ${item.id} is a ${item.listingType}`);
    }
    if (seen.has(item.id)) problems.other.push(`listing ${item.id} repeated`);
    if (mentionsWord && params.search) {
      const text = `${item.title} ${item.category} ${item.description ?? ''}`.toLowerCase();
      if (!text.includes(params.search.toLowerCase())) {
        problems.other.push(`listing ${item.id} ("${item.title}") does not mention it`);
      }
    }
    if (params.near) {
      const miles = item.distanceMiles;
      if (miles === null || miles === undefined)
        problems.other.push(`listing ${item.id} has no distance`);
      // Shown to a tenth: 10.04 miles reads 10.0.
      else if (params.radiusMiles !== undefined && miles > params.radiusMiles + 0.05)
        problems.other.push(`listing ${item.id} is ${miles} miles away`);
    }
    if (params.sort === 'distance') {
      if (last && !isFartherThan(item, last))
        problems.other.push(`listing ${item.id} out of nearest-first order`);
    } else if (last && !isAfter(item, last))
      problems.other.push(`listing ${item.id} out of newest-first order`);
    seen.add(item.id);
    last = item;
  }
  return problems;
}

export interface TypeResult {
  name: string;
  times: number[];
  /** Times by search, to name the slow ones. */
  byVariant: Map<string, number[]>;
  /** Listings on each measured page. */
  results: number[];
  empty: Set<string>;
  /** Listings returned that had already ended. */
  ended: number;
  problems: string[];
  errors: string[];
  stoppedEarly: boolean;
}

/**
 * One query of a type: the first page, or page 2 or 3 reached through nextCursor. Only the last
 * request is returned for measuring; the pages before it are only checked against it.
 */
export async function runOnce(list: Client, type: QueryType, params: SearchParams) {
  const previous: PageItem[] = [];
  let cursor: string | undefined;
  for (let page = 1; page < (type.followPage ?? 1); page++) {
    const earlier = await list(params, cursor);
    previous.push(...earlier.page.items);
    if (!earlier.page.nextCursor) return null;
    cursor = earlier.page.nextCursor;
  }
  const response = await list(params, cursor);
  return { response, check: checkPage(params, response, previous, type.mentionsWord) };
}

export async function runType(list: Client, type: QueryType, repeat: number): Promise<TypeResult> {
  const result: TypeResult = {
    name: type.name,
    times: [],
    byVariant: new Map(),
    results: [],
    empty: new Set(),
    ended: 0,
    problems: [],
    errors: [],
    stoppedEarly: false,
  };
  let spent = 0;
  for (let i = 0; i < repeat; i++) {
    if (spent > TYPE_TIME_BUDGET_MS) {
      result.stoppedEarly = true;
      break;
    }
    const params = type.variants[i % type.variants.length] ?? {};
    const label = describeParams(params);
    let run;
    try {
      run = await runOnce(list, type, params);
    } catch (error) {
      if (!(error instanceof QueryFailure)) throw error;
      result.errors.push(error.message);
      continue;
    }
    if (!run) {
      result.problems.push(`${label}: fewer than ${type.followPage ?? 1} pages`);
      continue;
    }
    const { response, check } = run;
    spent += response.ms;
    result.times.push(response.ms);
    result.byVariant.set(label, [...(result.byVariant.get(label) ?? []), response.ms]);
    result.results.push(response.page.items.length);
    if (response.page.items.length === 0) result.empty.add(label);
    result.ended += check.ended;
    for (const problem of check.other) result.problems.push(`${label}: ${problem}`);
  }
  return result;
}
