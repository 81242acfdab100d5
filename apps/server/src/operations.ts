import type { FastifyInstance } from 'fastify';

import { UI_TEXT } from '@yardsale/validators';

import { PROBE_TIMEOUT_MS, bearerMatches, withTimeout } from './metrics';
import type { ServerMetrics } from './metrics';

interface OperationsOptions {
  /** `select 1` on the database. */
  databaseCheck: () => Promise<void>;
  /** Photo storage reachable and writable. */
  storageCheck: () => Promise<void>;
  /** True once the server has begun to stop: it is then not ready for new traffic. */
  draining: () => boolean;
  metrics: ServerMetrics;
  /** The Bearer token /metrics requires; without one, /metrics is off (404). */
  metricsToken: string | undefined;
}

/** Why the server is not ready, in a few words (never an internal error's text). */
type NotReady = 'draining' | 'database unreachable' | 'storage unreachable';

/**
 * What an operator's probes and scraper call (docs/deploy.md, decision 058): liveness (the process
 * answers; no database call, so a slow database never gets a live process restarted), readiness
 * (database and photo storage reachable, and not stopping) and Prometheus metrics behind a token.
 */
export function registerOperations(app: FastifyInstance, options: OperationsOptions) {
  app.get('/healthz', () => ({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const notReady = (reason: NotReady) => reply.code(503).send({ status: 'unavailable', reason });
    if (options.draining()) return notReady('draining');
    const [database, storage] = await Promise.allSettled([
      withTimeout(options.databaseCheck(), PROBE_TIMEOUT_MS, 'the database check'),
      withTimeout(options.storageCheck(), PROBE_TIMEOUT_MS, 'the storage check'),
    ]);
    if (database.status === 'rejected') {
      app.log.warn({ err: database.reason as unknown }, 'not ready: database unreachable');
      return notReady('database unreachable');
    }
    if (storage.status === 'rejected') {
      app.log.warn({ err: storage.reason as unknown }, 'not ready: storage unreachable');
      return notReady('storage unreachable');
    }
    // Stopping may have begun while the checks ran.
    if (options.draining()) return notReady('draining');
    return { status: 'ready' };
  });

  app.get('/metrics', async (req, reply) => {
    const token = options.metricsToken;
    if (!token) return reply.code(404).send({ message: UI_TEXT.request.notFound });
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ message: UI_TEXT.auth.unauthorized });
    }
    const { contentType, body } = await options.metrics.render();
    return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
  });
}

const statusBody = (properties: Record<string, unknown>, required: string[]) => ({
  'application/json': { schema: { type: 'object', required, properties } },
});

/** The operations paths as the OpenAPI document describes them (outside /api: probes and scrapers call them). */
const operationsOpenApiPaths: Record<string, Record<string, unknown>> = {
  '/healthz': {
    get: {
      operationId: 'getLiveness',
      summary: 'Liveness: the process answers (no database call)',
      tags: ['Operations'],
      security: [],
      responses: {
        200: {
          description: 'Alive',
          content: statusBody({ status: { const: 'ok' } }, ['status']),
        },
      },
    },
  },
  '/readyz': {
    get: {
      operationId: 'getReadiness',
      summary: 'Readiness: database and photo storage reachable, and the server is not stopping',
      tags: ['Operations'],
      security: [],
      responses: {
        200: {
          description: 'Ready for traffic',
          content: statusBody({ status: { const: 'ready' } }, ['status']),
        },
        503: {
          description: 'Not ready: send no new traffic here',
          content: statusBody(
            {
              status: { const: 'unavailable' },
              reason: {
                enum: ['draining', 'database unreachable', 'storage unreachable'],
              },
            },
            ['status', 'reason'],
          ),
        },
      },
    },
  },
  '/metrics': {
    get: {
      operationId: 'getMetrics',
      summary: 'Prometheus metrics (text exposition format); needs METRICS_TOKEN as a Bearer token',
      tags: ['Operations'],
      security: [{ metricsToken: [] }],
      responses: {
        200: {
          description: 'The metrics',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
        401: { description: 'Missing or wrong Bearer token' },
        404: { description: 'Metrics are off (METRICS_TOKEN unset)' },
      },
    },
  },
};

/** The REST document with the operations paths and the metrics token's scheme added. */
export function withOperationsPaths<
  D extends {
    paths: Record<string, Record<string, unknown>>;
    components: { securitySchemes: Record<string, unknown> };
  },
>(doc: D): D {
  return {
    ...doc,
    components: {
      ...doc.components,
      securitySchemes: {
        ...doc.components.securitySchemes,
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
      },
    },
    paths: { ...doc.paths, ...operationsOpenApiPaths },
  };
}
