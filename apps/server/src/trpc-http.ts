import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
} from '@trpc/server';
import type { TRPCProcedureType } from '@trpc/server';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { appRouter, createTRPCContext } from '@yardsale/api';
import type { AppRouter, ServerDeps } from '@yardsale/api';

import { requestInfo } from './request-info';

const config = appRouter._def._config;

/** Each procedure's kind by its path, read once: a single call is routed without a lookup. */
const procedureTypes = new Map<string, TRPCProcedureType>();
for (const [path, procedure] of Object.entries<unknown>(appRouter._def.procedures)) {
  if (typeof procedure !== 'function' || !('_def' in procedure)) continue;
  const def: unknown = procedure._def;
  if (typeof def !== 'object' || def === null || !('type' in def)) continue;
  const type = def.type;
  if (type === 'query' || type === 'mutation' || type === 'subscription')
    procedureTypes.set(path, type);
}

const NOT_PARSED = Symbol('not parsed');

/** The call's input as tRPC reads it (JSON, then superjson); NOT_PARSED leaves the answer to tRPC's own path. */
function readInput(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return config.transformer.input.deserialize(JSON.parse(text));
  } catch {
    return NOT_PARSED;
  }
}

/**
 * One query over GET or one mutation over POST with a JSON body: what the web app and most clients
 * send. Answered here with tRPC's own procedure call, error shape, status and transformer, without
 * the fetch Request and Response tRPC's HTTP handler builds around every call (URL parsing, abort
 * signals, body streams: most of a cheap call's time). Anything else (batches, streams, server-sent
 * events, unknown paths, a body that does not parse) returns false and goes to tRPC's handler.
 */
async function answerSingleCall(
  deps: ServerDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<boolean> {
  const type = procedureTypes.get(path);
  const accept = req.headers.accept;
  if (
    !type ||
    req.headers['trpc-accept'] !== undefined ||
    (accept !== undefined && accept.includes('application/jsonl'))
  )
    return false;
  let input: unknown;
  if (type === 'query' && req.method === 'GET') {
    const query = req.query as Record<string, string | string[] | undefined>;
    if ('batch' in query) return false;
    const text = query.input;
    if (Array.isArray(text)) return false;
    input = readInput(text);
  } else if (type === 'mutation' && req.method === 'POST') {
    const contentType = req.headers['content-type'];
    if (typeof req.body !== 'string' || !contentType?.startsWith('application/json')) return false;
    if ('batch' in (req.query as Record<string, unknown>)) return false;
    input = readInput(req.body);
  } else {
    return false;
  }
  if (input === NOT_PARSED) return false;

  let answer: { result: { data: unknown } } | { error: ReturnType<typeof getTRPCErrorShape> };
  let ctx: Awaited<ReturnType<typeof createTRPCContext>> | undefined;
  try {
    ctx = await createTRPCContext(deps, requestInfo(req, reply));
    const data: unknown = await callTRPCProcedure({
      router: appRouter,
      path,
      getRawInput: () => Promise.resolve(input),
      ctx,
      type,
      signal: undefined,
      batchIndex: 0,
    });
    answer = { result: { data } };
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    answer = { error: getTRPCErrorShape({ config, ctx, error, input, path, type }) };
  }
  await reply
    .code(getHTTPStatusCode(answer))
    .header('vary', 'trpc-accept, accept')
    .header('content-type', 'application/json')
    .send(JSON.stringify(transformTRPCResponse(config, answer)));
  return true;
}

/** tRPC over HTTP under /trpc: single calls answered directly, everything else by tRPC's Fastify handler. */
export async function registerTrpcHttp(
  app: FastifyInstance,
  deps: ServerDeps,
  trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
) {
  await app.register((scope, _options, done) => {
    // As tRPC's own plugin does: its handler reads JSON and multipart bodies itself.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));
    scope.all<{ Params: { path: string } }>('/trpc/:path', async (req, reply) => {
      const { path } = req.params;
      if (await answerSingleCall(deps, req, reply, path)) return reply;
      await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path });
      return reply;
    });
    done();
  });
}
