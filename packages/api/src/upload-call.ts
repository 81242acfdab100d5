import { callTRPCProcedure } from '@trpc/server';

import type { Context } from './context';
import { appRouter } from './root';

/**
 * Calls a mutation as tRPC's own HTTP handler does, its input read only when the procedure asks for
 * it: after its own checks (signed in, limits), so an upload they refuse is never read. The REST
 * adapter's way in for a multipart form.
 */
export async function callWithFormInput(
  ctx: Context,
  path: string,
  readInput: () => Promise<unknown>,
): Promise<unknown> {
  const output: unknown = await callTRPCProcedure({
    router: appRouter,
    path,
    ctx,
    getRawInput: readInput,
    type: 'mutation',
    signal: undefined,
    batchIndex: 0,
  });
  return output;
}
