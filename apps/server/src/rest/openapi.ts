import { z } from 'zod';

import { fieldsOf } from './route';
import type { RestRoute } from './route';

type JsonSchema = Record<string, unknown>;

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      // JSON carries dates as ISO strings.
      if (ctx.zodSchema._zod.def.type === 'date') {
        ctx.jsonSchema.type = 'string';
        ctx.jsonSchema.format = 'date-time';
      }
    },
  });
}

const errorBody = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'The sentence to show the person' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    errorId: { type: 'string', description: 'Id of a logged server fault' },
  },
};

/** The OpenAPI document of the REST surface, generated from the same zod schemas the API validates with. */
export function buildOpenApiDocument(routes: RestRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();
  for (const route of routes) {
    // Generated clients name their methods after these: two alike would make one unreachable.
    if (operationIds.has(route.operationId)) {
      throw new Error(`operationId ${route.operationId} is used twice`);
    }
    operationIds.add(route.operationId);
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'integer' },
    }));
    const queryParams = route.query
      ? Object.entries(fieldsOf(toJsonSchema(route.query, 'input').properties)).map(
          ([name, schema]) => ({ name, in: 'query', required: false, schema }),
        )
      : [];
    let requestBody: unknown;
    if (route.multipart) {
      const fields = route.body
        ? toJsonSchema(route.body, 'input')
        : { type: 'object', properties: {} };
      const files = Object.fromEntries(
        route.multipart.fileFields.map((field) => [
          field,
          {
            type: 'array',
            maxItems: route.multipart?.maxFiles,
            items: { type: 'string', format: 'binary' },
          },
        ]),
      );
      requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { ...fields, properties: { ...fieldsOf(fields.properties), ...files } },
          },
        },
      };
    } else if (route.body) {
      requestBody = {
        required: true,
        content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
      };
    } else if (route.formBody) {
      // Read as RFC 8058 describes it; a POST without the form is taken too.
      const schema = toJsonSchema(route.formBody, 'input');
      requestBody = {
        required: false,
        content: {
          'application/x-www-form-urlencoded': { schema },
          'multipart/form-data': { schema },
        },
      };
    }
    const error = (description: string) => ({
      description,
      content: { 'application/json': { schema: errorBody } },
    });
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      ...(params.length + queryParams.length ? { parameters: [...params, ...queryParams] } : {}),
      ...(requestBody ? { requestBody } : {}),
      ...(route.access === 'public' ? { security: [] } : {}),
      responses: {
        200: route.download
          ? {
              description: route.download.description,
              headers: {
                'Content-Disposition': {
                  description: 'attachment, with the file name to save it under',
                  schema: { type: 'string' },
                },
              },
              content: {
                [route.download.contentType]: { schema: { type: 'string', format: 'binary' } },
              },
            }
          : {
              description: 'OK',
              content: { 'application/json': { schema: toJsonSchema(route.response, 'output') } },
            },
        400: error('Refused input; `message` says why'),
        ...(route.access !== 'public' ? { 401: error('Not signed in') } : {}),
        ...(route.access === 'admin' ? { 403: error('Not an admin') } : {}),
        429: error('Too many requests; see Retry-After'),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'YardSale API',
      version: '1.0.0',
      description: 'The REST surface of the YardSale marketplace.',
      // The code states no licence of its own: all rights reserved (decision 060).
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    // Relative: the paths are on the origin that serves this document, whatever its host (decision 060).
    servers: [{ url: '/', description: 'The server this document was fetched from' }],
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'yardsale_session' },
      },
    },
    security: [{ sessionCookie: [] }],
    paths,
  };
}
