import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { createTRPCContext } from '@yardsale/api';
import type { ServerDeps, UploadedForm } from '@yardsale/api';
import { UI_TEXT } from '@yardsale/validators';

import { requestInfo } from '../request-info';
import { sendError } from './errors';
import { fieldsOf, idParam, signedIn } from './route';
import type { MultipartSpec, RestRoute } from './route';

/** Parts (files and fields) one multipart form may hold. */
const MAX_FORM_FIELDS = 50;

/** Streams a multipart body with limits: an oversize file is refused before it is held whole. */
async function readMultipart(
  req: FastifyRequest,
  spec: MultipartSpec,
): Promise<Awaited<ReturnType<UploadedForm['read']>>> {
  const fileFields = `"${spec.fileFields.join('" or "')}"`;
  if (!req.isMultipart()) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: UI_TEXT.request.formNotMultipart(fileFields),
    });
  }
  const fields: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    const parts = req.parts({
      limits: {
        fileSize: spec.maxBytes,
        files: spec.maxFiles,
        fields: MAX_FORM_FIELDS,
        parts: MAX_FORM_FIELDS + spec.maxFiles,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!spec.fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw new TRPCError({
            code: 'BAD_REQUEST',
            message: UI_TEXT.request.formWrongFileField(fileFields),
          });
        }
        const data = await part.toBuffer();
        // An empty file input still sends a part; it is no photo.
        if (data.length > 0) files.push(data);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = err instanceof Error && 'code' in err ? err.code : undefined;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: spec.tooLargeMessage });
    if (code === 'FST_FILES_LIMIT')
      throw new TRPCError({ code: 'BAD_REQUEST', message: spec.tooManyMessage });
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.request.formTooManyFields });
    }
    if (err instanceof TRPCError) throw err;
    // No boundary, a truncated body, a malformed part: the form itself cannot be read.
    throw new TRPCError({ code: 'BAD_REQUEST', message: UI_TEXT.request.formUnreadable });
  }
  return { fields, files };
}

/** A route's multipart form, read once and only when first asked for. */
function lazyForm(req: FastifyRequest, spec: MultipartSpec): UploadedForm & { started(): boolean } {
  let reading: ReturnType<UploadedForm['read']> | undefined;
  return {
    read: () => (reading ??= readMultipart(req, spec)),
    started: () => reading !== undefined,
  };
}

const notMultipart: UploadedForm = {
  read: () => Promise.reject(new Error('this route takes no multipart form')),
};

/** A url-encoded form is a few fields (the one-click unsubscribe's is 26 bytes). */
const FORM_BODY_LIMIT = 1024;

/**
 * The routes of the table. Those taking a `formBody` live in a scope of their own that also reads
 * application/x-www-form-urlencoded, so every other path still refuses that type (415).
 */
export async function registerRestRoutes(
  app: FastifyInstance,
  deps: ServerDeps,
  routes: RestRoute[],
) {
  for (const route of routes.filter((r) => !r.formBody)) registerRoute(app, deps, route);
  await app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    for (const route of routes.filter((r) => r.formBody)) registerRoute(scope, deps, route);
    done();
  });
}

function registerRoute(app: FastifyInstance, deps: ServerDeps, route: RestRoute) {
  app.route({
    method: route.method,
    url: route.url,
    handler: async (req, reply) => {
      const form = route.multipart ? lazyForm(req, route.multipart) : null;
      try {
        const requestCtx = await createTRPCContext(deps, requestInfo(req, reply));
        const ctx = form ? { ...requestCtx, upload: form } : requestCtx;
        if (route.access !== 'public') signedIn(ctx.user);
        const params = fieldsOf(req.params);
        // A path id is checked before an upload's body is read.
        if (route.url.includes(':id')) idParam(params);
        const known = { ctx, deps, params, query: fieldsOf(req.query) };
        if (route.beforeBody) await route.beforeBody(known);
        const call = { ...known, body: req.body ?? {}, form: form ?? notMultipart };
        if (route.download) {
          const { fileName, body } = await route.run(call);
          // A stream that fails part way can only cut the connection: the headers are gone by then.
          await reply
            .type(route.download.contentType)
            .header('content-disposition', `attachment; filename="${fileName}"`)
            .header('cache-control', 'no-store')
            .send(body);
          return;
        }
        await reply.send(await route.run(call));
      } catch (err) {
        // Refused before its body was read: close the connection instead of reading the rest.
        if (form && !form.started()) void reply.header('connection', 'close');
        await sendError(reply, err, deps.logger);
      }
    },
  });
}
