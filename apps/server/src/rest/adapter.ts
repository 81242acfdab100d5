import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { createCaller, createTRPCContext } from '@yardsale/api';
import type { ApiServices } from '@yardsale/api';
import { MESSAGES } from '@yardsale/validators';

import { requestInfo } from '../request-info';
import { sendError } from './errors';
import type { RestRoute } from './routes';

async function readUpload(req: FastifyRequest, spec: NonNullable<RestRoute['multipart']>): Promise<Buffer> {
  if (!req.isMultipart()) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Send the file as multipart/form-data in the field "${spec.field}"` });
  }
  // The limit is enforced while streaming: an oversize file is refused before it is held in memory.
  const part = await req.file({ limits: { fileSize: spec.maxBytes, files: 1 } });
  if (!part || part.fieldname !== spec.field) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Send the file in the field "${spec.field}"` });
  }
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: spec.tooLargeMessage });
    }
    throw err;
  }
}

export function registerRestRoutes(app: FastifyInstance, services: ApiServices, routes: RestRoute[]) {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (req, reply) => {
        try {
          const ctx = await createTRPCContext(services, requestInfo(req, reply));
          if (route.access !== 'public' && !ctx.user) {
            throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.auth.unauthorized });
          }
          const file = route.multipart ? await readUpload(req, route.multipart) : undefined;
          const result = await route.run({
            caller: createCaller(ctx),
            ctx,
            services,
            body: req.body ?? {},
            params: req.params as Record<string, string>,
            file,
          });
          await reply.send(result);
        } catch (err) {
          await sendError(reply, err, services.logger);
        }
      },
    });
  }
}
