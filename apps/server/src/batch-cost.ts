import { TRPCError } from '@trpc/server';

import { BATCH_COST_LIMIT, UI_TEXT, SEARCH_CALL_COST } from '@yardsale/validators';

/** One call of a tRPC HTTP request, as the adapter describes it before anything runs. */
interface PendingCall {
  path: string;
  getRawInput: () => Promise<unknown>;
}

/** Calls that search listings, which may run twice (as typed, then spelt alike). */
const SEARCHING_CALLS = new Set(['listings.list', 'listings.counts']);

/** A listing search or count may run twice (as typed, then spelt alike); every other call is one unit. */
async function callCost(call: PendingCall): Promise<number> {
  if (!SEARCHING_CALLS.has(call.path)) return 1;
  // An input that cannot be read is refused by the call itself; here it costs what a plain call does.
  const input = await call.getRawInput().catch(() => undefined);
  const search =
    typeof input === 'object' && input !== null && 'search' in input ? input.search : undefined;
  return typeof search === 'string' && search.trim() !== '' ? SEARCH_CALL_COST : 1;
}

/**
 * Refuses a batched request whose calls together cost more than BATCH_COST_LIMIT, before any of
 * them runs: one request cannot buy seconds of the server's time (docs/decisions/026).
 */
export async function assertBatchAffordable(calls: readonly PendingCall[]): Promise<void> {
  if (calls.length <= 1) return;
  let total = 0;
  for (const call of calls) total += await callCost(call);
  if (total > BATCH_COST_LIMIT) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.request.batchTooCostly });
  }
}
