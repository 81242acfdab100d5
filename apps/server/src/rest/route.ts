import type { Readable } from 'node:stream';

import { TRPCError } from '@trpc/server';
import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import { z } from 'zod';

import { appRouter, procedureAliases } from '@yardsale/api';
import type { Context, ServerDeps, UploadedForm } from '@yardsale/api';
import { UI_TEXT, parseIdParam } from '@yardsale/validators';

/** What a path is given of its request. */
export interface RestCall {
  ctx: Context;
  deps: ServerDeps;
  /** The JSON body as sent (`{}` when none was). */
  body: unknown;
  params: Readonly<Record<string, unknown>>;
  query: Readonly<Record<string, unknown>>;
  /** A multipart path's form: its files and text fields, read when first asked for. */
  form: UploadedForm;
}

/** What is known of a request before its body is read. */
export type BeforeBodyCall = Omit<RestCall, 'body' | 'form'>;

export interface MultipartSpec {
  /** Field names that may carry files. */
  fileFields: string[];
  maxFiles: number;
  maxBytes: number;
  tooLargeMessage: string;
  tooManyMessage: string;
}

/** A file a path answers instead of JSON. */
export interface RestDownload {
  /** Sent as the Content-Disposition attachment's name. */
  fileName: string;
  body: Readable;
}

/** What a path that answers a file sends, as documented. */
export interface DownloadSpec {
  contentType: string;
  description: string;
}

/** How a path is documented and who may take it. */
interface RestRouteDescription {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify path syntax: /api/listings/:id */
  url: string;
  /**
   * The OpenAPI operationId, written by hand so generated clients keep their method names when a
   * path changes: a camelCase verb and what it acts on (listListings, getListing, sendMessage).
   */
  operationId: string;
  summary: string;
  tag: string;
  access: 'public' | 'user' | 'admin';
}

/** One documented path, as the adapter serves it and the OpenAPI document describes it. */
export type RestRoute = RestRouteDescription & {
  /** The tRPC procedure the path calls (`listings.byId`); none for an upload or download of its own. */
  procedure?: string;
  /** The JSON body (or a multipart form's text fields) as documented. */
  body?: z.ZodType;
  /** Query string parameters, each a property of this object schema. */
  query?: z.ZodType;
  /**
   * A form the path also takes as application/x-www-form-urlencoded or multipart/form-data, as mail
   * clients send RFC 8058's one-click unsubscribe. Other paths refuse a url-encoded body (415).
   */
  formBody?: z.ZodObject;
  multipart?: MultipartSpec;
  /**
   * Checked before the body is read, so a refused upload costs no reading or decoding. (An upload
   * reaching a procedure meets that procedure's own checks before its form is read.)
   */
  beforeBody?: (call: BeforeBodyCall) => Promise<void>;
} & (
    | { response: z.ZodType; download?: undefined; run: (call: RestCall) => Promise<unknown> }
    | {
        response?: undefined;
        /** The path answers a file, not JSON. */
        download: DownloadSpec;
        run: (call: RestCall) => Promise<RestDownload>;
      }
  );

/** A path id is digits for an id that can exist; anything else is refused before any work. */
export function idParam(params: Readonly<Record<string, unknown>>): number {
  const raw = params.id;
  const id = typeof raw === 'string' ? parseIdParam(raw) : null;
  if (id === null) throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.request.invalidId });
  return id;
}

/** The one check of a session on a path that needs one: 401 with the sign-in message without. */
export function signedIn<T>(user: T | null): T {
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: UI_TEXT.auth.unauthorized });
  return user;
}

type SessionUser = NonNullable<Context['user']>;

/** The fields of a JSON object or query string; nothing of any other value. */
export function fieldsOf(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value));
}

interface ProcedureTypes<I, O> {
  input: I;
  output: O;
  meta: object;
  errorShape: unknown;
}

/** A query or mutation of the app's router, with its input and output types. */
type CallableProcedure<I, O> =
  TRPCQueryProcedure<ProcedureTypes<I, O>> | TRPCMutationProcedure<ProcedureTypes<I, O>>;

/** The fields of a procedure's input object. */
type InputKey<I> = keyof Exclude<I, undefined> & string;

/** The app's procedures by router and name (`api.listings.byId`): what each path names. */
export const api = appRouter._def.record;

/**
 * Each procedure's name by the procedure itself, read once from the router: its current name, not
 * an old one it also answers to (decision 086).
 */
const procedurePaths = new Map<unknown, string>(
  Object.entries<unknown>(appRouter._def.procedures)
    .filter(([path]) => !(path in procedureAliases))
    .map(([path, procedure]) => [procedure, path]),
);

/**
 * Calls a procedure as tRPC's caller and HTTP handler do: its middlewares (session, role, limits)
 * run first, then it validates the input as sent, then its output schema checks the answer.
 * `readInput` is called only when the procedure reads its input, after those checks.
 */
export function callProcedure<I, O>(
  procedure: CallableProcedure<I, O>,
  ctx: Context,
  readInput: () => Promise<unknown>,
): Promise<O> {
  const path = procedurePaths.get(procedure);
  if (path === undefined) throw new Error('not a procedure of the app router');
  return procedure({
    ctx,
    path,
    type: procedure._def.type,
    getRawInput: readInput,
    signal: undefined,
    batchIndex: 0,
  });
}

/** The procedure's input schema, which validates every call of it and documents its REST path. */
function inputSchemaOf(procedure: { _def: { inputs: unknown[] } }, path: string): z.ZodType {
  const [schema] = procedure._def.inputs;
  if (!(schema instanceof z.ZodType)) throw new Error(`${path} has no zod input schema`);
  return schema;
}

function objectSchemaOf(schema: unknown, path: string): z.ZodObject {
  if (!(schema instanceof z.ZodObject)) throw new Error(`${path}'s input is not an object`);
  return schema;
}

/**
 * Query parameters are an object's properties. An input that may be left out as a whole
 * (`admin.reports()`, the first page) is documented, and fuzzed, as the object it stands for.
 */
function queryObjectOf(schema: z.ZodType, path: string): z.ZodObject {
  const whole =
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodOptional
      ? schema.unwrap()
      : schema;
  return objectSchemaOf(whole, path);
}

function fieldSchema(schema: z.ZodObject, field: string, path: string): z.ZodType {
  const found: unknown = schema.shape[field];
  if (!(found instanceof z.ZodType)) throw new Error(`${path}'s input has no field ${field}`);
  return found;
}

/**
 * How a path makes its procedure's input from the request. The procedure validates it as it does
 * every caller's, so the path's errors are the procedure's; and the documented body and query are
 * cut from the procedure's own input schema.
 */
interface ProcedureInputSpec<I> {
  /** The input field the path's `:id` fills. */
  id?: InputKey<I>;
  /** Input fields the path fixes; the documented body leaves them out. */
  fixed?: Partial<Exclude<I, undefined>>;
  /** The JSON body: the rest of the input, or the one input field it fills. */
  body?: 'input' | InputKey<I>;
  /**
   * The query string: the rest of the input; query parameters named otherwise than the input
   * fields they fill; or a schema of the path's own reading the query string into the input.
   */
  query?: 'input' | Partial<Record<string, InputKey<I>>> | z.ZodType<Exclude<I, undefined>>;
  /**
   * A multipart form, its text fields made into the input by `toInput`: read only once the
   * procedure's own checks have passed, so an upload they refuse is never read.
   */
  form?: MultipartSpec & { toInput: (fields: Record<string, string>) => unknown };
}

type ProcedureRouteSpec<I, O> = RestRouteDescription &
  ProcedureInputSpec<I> & {
    formBody?: z.ZodObject;
    response: z.ZodType;
    /** What the path answers, from the procedure's answer (the answer itself by default). */
    output?: (answer: O, call: RestCall) => unknown;
  };

/**
 * A path that calls a tRPC procedure. The procedure is named by itself (`api.listings.byId`), so
 * the input fields the path fills and the answer it reshapes are checked against its types.
 */
export function procedureRoute<I, O>(
  procedure: CallableProcedure<I, O>,
  spec: ProcedureRouteSpec<I, O>,
): RestRoute {
  const { id, fixed, body, query, form, output, ...description } = spec;
  const path = procedurePaths.get(procedure);
  if (path === undefined) throw new Error(`${spec.operationId}: not a procedure of the app router`);
  if (id !== undefined && !spec.url.includes(':id')) {
    throw new Error(`${spec.operationId}: the input's ${id} comes from a path without :id`);
  }
  const fixedFields = fieldsOf(fixed);
  // Fields the path itself fills are no part of the documented body or query.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-template-expression -- keys typed `${string}` rather than string, which would admit number keys zod's omit mask refuses
  const filled: Record<`${string}`, true> = Object.fromEntries(
    [...Object.keys(fixedFields), ...(id === undefined ? [] : [id])].map((k): [string, true] => [
      k,
      true,
    ]),
  );
  const inputSchema = () => inputSchemaOf(procedure, path);
  const rest = () =>
    Object.keys(filled).length === 0
      ? inputSchema()
      : objectSchemaOf(inputSchema(), path).omit(filled);

  let documentedBody: z.ZodType | undefined;
  if (form || body === 'input') documentedBody = rest();
  else if (body !== undefined) {
    documentedBody = fieldSchema(objectSchemaOf(inputSchema(), path), body, path);
  }
  let documentedQuery: z.ZodType | undefined;
  let queryInput: (call: RestCall) => unknown = () => undefined;
  if (query === 'input') {
    const object = queryObjectOf(inputSchema(), path);
    documentedQuery = Object.keys(filled).length === 0 ? object : object.omit(filled);
    queryInput = ({ query: sent }) => sent;
  } else if (query instanceof z.ZodType) {
    documentedQuery = query;
    queryInput = ({ query: sent }) => query.parse(sent);
  } else if (query !== undefined) {
    const object = objectSchemaOf(inputSchema(), path);
    const named = Object.entries(query).flatMap(([param, field]) =>
      field === undefined ? [] : [{ param, field }],
    );
    documentedQuery = z.object(
      Object.fromEntries(
        named.map(({ param, field }) => [param, fieldSchema(object, field, path)]),
      ),
    );
    queryInput = ({ query: sent }) =>
      Object.fromEntries(named.map(({ param, field }) => [field, sent[param]]));
  }

  /**
   * The input as sent, for the procedure to validate. Made before the call, as a caller's argument
   * is: a query string the path's own schema refuses is a 400 of that schema.
   */
  const inputOf = (call: RestCall): unknown => {
    const sent = body === 'input' ? call.body : queryInput(call);
    const pathId = id === undefined ? {} : { [id]: idParam(call.params) };
    if (body !== undefined && body !== 'input') return { ...pathId, [body]: call.body };
    if (id === undefined && fixed === undefined) return sent;
    return { ...fieldsOf(sent), ...fixedFields, ...pathId };
  };

  return {
    ...description,
    procedure: path,
    body: documentedBody,
    query: documentedQuery,
    multipart: form,
    run: async (call) => {
      let readInput: () => Promise<unknown>;
      if (form) readInput = async () => form.toInput((await call.form.read()).fields);
      else {
        const input = inputOf(call);
        readInput = () => Promise.resolve(input);
      }
      const answer = await callProcedure(procedure, call.ctx, readInput);
      return output ? output(answer, call) : answer;
    },
  };
}

/** What a path served by a service of its own is given: the request and the signed-in user. */
type SessionCall = RestCall & { user: SessionUser };

type SessionRouteSpec = Omit<RestRouteDescription, 'access'> & {
  multipart?: MultipartSpec;
  beforeBody?: (call: Omit<SessionCall, 'body' | 'form'>) => Promise<void>;
} & (
    | { response: z.ZodType; run: (call: SessionCall) => Promise<unknown> }
    | { download: DownloadSpec; run: (call: SessionCall) => Promise<RestDownload> }
  );

/**
 * A path no procedure serves (an upload or download of its own), for a signed-in user: the user
 * comes from the same check every such path makes.
 */
export function sessionRoute(spec: SessionRouteSpec): RestRoute {
  const { beforeBody } = spec;
  const common: Pick<
    RestRoute,
    'method' | 'url' | 'operationId' | 'summary' | 'tag' | 'access' | 'multipart' | 'beforeBody'
  > = {
    method: spec.method,
    url: spec.url,
    operationId: spec.operationId,
    summary: spec.summary,
    tag: spec.tag,
    access: 'user',
    multipart: spec.multipart,
    beforeBody:
      beforeBody &&
      ((call: BeforeBodyCall) => beforeBody({ ...call, user: signedIn(call.ctx.user) })),
  };
  if ('download' in spec) {
    const { run } = spec;
    return {
      ...common,
      download: spec.download,
      run: (call) => run({ ...call, user: signedIn(call.ctx.user) }),
    };
  }
  const { run } = spec;
  return {
    ...common,
    response: spec.response,
    run: (call) => run({ ...call, user: signedIn(call.ctx.user) }),
  };
}
