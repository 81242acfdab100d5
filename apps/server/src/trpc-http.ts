import {
  TRPCError,
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
} from '@trpc/server';
import type { AnyTRPCProcedure, inferRouterContext, inferRouterError } from '@trpc/server';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { TRPCRequestInfo } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { AppRouter } from '@yardsale/api';

/**
 * The options tRPC's Fastify handler takes, limited to those the direct path below honours in the
 * same way: another one (responseMeta, allowBatching, allowMethodOverride...) is refused by the type
 * checker until the direct path honours it too, so the two paths cannot drift apart.
 */
export type TrpcHttpOptions = Pick<
  FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  'router' | 'createContext' | 'onError' | 'maxBatchSize'
>;

type Context = inferRouterContext<AppRouter>;
type Answer = { result: { data: unknown } } | { error: inferRouterError<AppRouter> };
type CallType = 'query' | 'mutation';
type Outcome = { ok: true; data: unknown } | { ok: false; error: TRPCError };

function isProcedure(value: unknown): value is AnyTRPCProcedure {
  if (typeof value !== 'function' || !('_def' in value)) return false;
  const def: unknown = value._def;
  return (
    typeof def === 'object' &&
    def !== null &&
    'procedure' in def &&
    def.procedure === true &&
    'type' in def &&
    (def.type === 'query' || def.type === 'mutation' || def.type === 'subscription')
  );
}

/** Each procedure by its path, read once: a call is routed with one lookup. */
function procedureTable(router: AppRouter): Map<string, AnyTRPCProcedure> {
  const table = new Map<string, AnyTRPCProcedure>();
  for (const [path, value] of Object.entries<unknown>(router._def.procedures)) {
    if (isProcedure(value)) table.set(path, value);
  }
  return table;
}

/** As tRPC compares media types: case-insensitive, parameters ignored. */
function isJson(contentType: string | undefined): boolean {
  return contentType?.toLowerCase().split(';', 1)[0]?.trim() === 'application/json';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isAsyncIterable = (value: unknown) => isObject(value) && Symbol.asyncIterator in value;
const isPromise = (value: unknown) =>
  (isObject(value) || typeof value === 'function') &&
  'then' in value &&
  typeof value.then === 'function' &&
  'catch' in value &&
  typeof value.catch === 'function';

/** An answer tRPC would stream (a promise or an iterable at its top level): refused without a stream. */
function isDataStream(data: unknown): boolean {
  if (!isObject(data)) return false;
  if (Symbol.asyncIterator in data) return true;
  const values = Object.values(data);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

interface Incoming {
  calls: { path: string; procedure: AnyTRPCProcedure }[];
  type: CallType;
  isBatch: boolean;
  inputs: unknown[];
  url: URL;
}

/**
 * The request as tRPC's HTTP handler would read it, or null for anything it would refuse before a
 * procedure runs, stream or treat apart (an unknown path, a method or media type the call does not
 * take, a batch too large, mixed kinds, input that does not parse, HEAD, JSON lines, server-sent
 * events, connection parameters): those go to tRPC's handler, which answers them as it always has.
 */
function readRequest(
  req: FastifyRequest,
  path: string,
  procedures: Map<string, AnyTRPCProcedure>,
  options: TrpcHttpOptions,
): Incoming | null {
  const { method, headers } = req;
  if (method !== 'GET' && method !== 'POST') return null;
  if (headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl'))
    return null;
  const contentType = headers['content-type'];
  if (method === 'POST' ? !isJson(contentType) : contentType !== undefined && !isJson(contentType))
    return null;
  // tRPC decodes the path once more; a path that would change by it is left to tRPC.
  if (path.includes('%')) return null;
  let url: URL;
  try {
    // As tRPC's Node adapter builds the address (its `info.url`).
    const secure = 'encrypted' in req.raw.socket && req.raw.socket.encrypted === true;
    url = new URL(
      req.raw.url ?? '/',
      `${secure ? 'https:' : 'http:'}//${headers.host ?? 'localhost'}`,
    );
  } catch {
    return null;
  }
  const { searchParams } = url;
  if (searchParams.has('connectionParams')) return null;
  const isBatch = searchParams.get('batch') === '1';
  const paths = isBatch ? path.split(',') : [path];
  if (isBatch && options.maxBatchSize !== undefined && paths.length > options.maxBatchSize)
    return null;
  const type: CallType = method === 'GET' ? 'query' : 'mutation';
  const calls: Incoming['calls'] = [];
  for (const callPath of paths) {
    const procedure = procedures.get(callPath);
    if (procedure?._def.type !== type) return null;
    calls.push({ path: callPath, procedure });
  }
  let document: unknown;
  try {
    if (method === 'GET') {
      const text = searchParams.get('input');
      document = text ? JSON.parse(text) : undefined;
    } else {
      if (typeof req.body !== 'string') return null;
      document = JSON.parse(req.body);
    }
  } catch {
    return null;
  }
  const { transformer } = options.router._def._config;
  const inputs = new Array<unknown>(calls.length).fill(undefined);
  if (document !== undefined) {
    try {
      if (!isBatch) {
        inputs[0] = transformer.input.deserialize(document);
      } else {
        if (!isObject(document)) return null;
        for (let index = 0; index < calls.length; index++) {
          const raw = document[index];
          if (raw !== undefined) inputs[index] = transformer.input.deserialize(raw);
        }
      }
    } catch {
      return null;
    }
  }
  return { calls, type, isBatch, inputs, url };
}

/**
 * Answers what the web app's client sends (httpBatchLink: `?batch=1` even for a single call, queries
 * over GET, mutations over POST, superjson) and what other clients send unbatched, as tRPC's own
 * handler (`resolveResponse`) answers it: the same options (router, createContext with the same
 * request info, onError, maxBatchSize), the same procedure calls, error shapes, statuses, headers
 * and transformer, through tRPC's public functions. What it saves is the fetch Request and Response
 * that handler builds around every request (headers copied, URL and body streams, the Response read
 * back): a large share of a cheap call's time (docs/decisions/044). Anything else returns false and
 * goes to tRPC's handler. trpc-http.test.ts and trpc-http-refusals.test.ts compare the two answer for
 * answer, so a tRPC upgrade that changes either fails.
 */
async function answerDirectly(
  options: TrpcHttpOptions,
  procedures: Map<string, AnyTRPCProcedure>,
  req: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<boolean> {
  const incoming = readRequest(req, path, procedures, options);
  if (!incoming) return false;
  const { calls, type, isBatch, inputs } = incoming;
  const { router, onError } = options;
  const config = router._def._config;

  // As tRPC's request signal: aborted when the client leaves before the answer is written.
  const aborted = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) aborted.abort();
  };
  reply.raw.once('close', onClose);

  // tRPC reads all inputs of a request at once, when the first call asks; until then an error
  // reports no input.
  let inputsRead = false;
  const inputOf = (index: number) => (inputsRead ? inputs[index] : undefined);
  const pending: TRPCRequestInfo['calls'] = calls.map((call, index) => ({
    path: call.path,
    procedure: call.procedure,
    batchIndex: index,
    getRawInput: () => {
      inputsRead = true;
      return Promise.resolve(inputs[index]);
    },
    result: () => inputOf(index),
  }));
  const info: TRPCRequestInfo = {
    accept: null,
    type,
    isBatchCall: isBatch,
    calls: pending,
    connectionParams: null,
    signal: aborted.signal,
    url: incoming.url,
  };

  let ctx: Context | undefined;
  let contextError: TRPCError | undefined;
  try {
    ctx = await options.createContext({ req, res: reply, info });
  } catch (cause) {
    contextError = getTRPCErrorFromUnknown(cause);
  }

  const outcomes = await Promise.all(
    pending.map(async (call): Promise<Outcome> => {
      try {
        if (contextError) throw contextError;
        const data: unknown = await callTRPCProcedure({
          router,
          path: call.path,
          getRawInput: call.getRawInput,
          ctx,
          type,
          signal: aborted.signal,
          batchIndex: call.batchIndex,
        });
        return { ok: true, data };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        onError?.({ error, path: call.path, input: call.result(), ctx, type, req });
        return { ok: false, error };
      }
    }),
  );

  const shapeOf = (error: TRPCError, index: number, errorPath: string | undefined) =>
    getTRPCErrorShape({ config, ctx, error, input: inputOf(index), path: errorPath, type });
  let answers: Answer[];
  let body: string;
  try {
    answers = outcomes.map((outcome, index) => {
      const callPath = calls[index]?.path;
      if (!outcome.ok) return { error: shapeOf(outcome.error, index, callPath) };
      if (!isDataStream(outcome.data)) return { result: { data: outcome.data } };
      const error = new TRPCError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message:
          'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
      });
      // A single call's refusal is tRPC's request-level one (reported, without path or input).
      if (!isBatch) throw error;
      return { error: shapeOf(error, index, callPath) };
    });
    const [single] = answers;
    body = JSON.stringify(transformTRPCResponse(config, !isBatch && single ? single : answers));
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    onError?.({ error, path: undefined, input: undefined, ctx, type, req });
    const failure: Answer = {
      error: getTRPCErrorShape({ config, ctx, error, input: undefined, path: undefined, type }),
    };
    answers = [failure];
    body = JSON.stringify(transformTRPCResponse(config, failure));
  }
  reply.raw.off('close', onClose);
  // As bytes: Fastify would add "; charset=utf-8" to a string's JSON content type, which tRPC's
  // answers do not carry.
  await reply
    .code(getHTTPStatusCode(answers))
    .header('vary', 'trpc-accept, accept')
    .header('content-type', 'application/json')
    .send(Buffer.from(body));
  return true;
}

/**
 * tRPC over HTTP under /trpc, with one set of options: queries, mutations and their batches answered
 * directly, the rest by tRPC's Fastify handler.
 */
export async function registerTrpcHttp(app: FastifyInstance, options: TrpcHttpOptions) {
  const procedures = procedureTable(options.router);
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
      if (await answerDirectly(options, procedures, req, reply, path)) return reply;
      await fastifyRequestHandler({ ...options, req, res: reply, path });
      return reply;
    });
    done();
  });
}
