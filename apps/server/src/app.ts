import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

import compress from '@fastify/compress';
import type { FastifyCompressOptions } from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { WebSocketServer } from 'ws';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import { appRouter, createTRPCContext } from '@yardsale/api';
import type { ServerDeps } from '@yardsale/api';
import { MAX_BATCH_SIZE, UI_TEXT } from '@yardsale/validators';

import { assertBatchAffordable } from './batch-cost';
import { safeLoggerOptions } from './log-safety';
import { requestInfo } from './request-info';
import { buildOpenApiDocument } from './rest/openapi';
import { registerRestRoutes } from './rest/adapter';
import { restRoutes } from './rest/routes';
import { registerOriginCheck } from './security';
import { registerTrpcHttp } from './trpc-http';
import { attachWebSocket } from './websocket';
import type { LiveSocketLimits } from './websocket';

export interface AppOptions {
  createDeps: (logger: FastifyBaseLogger) => ServerDeps;
  /** Checks the database for /healthz. */
  healthCheck: () => Promise<void>;
  uploadsDir: string;
  /** The built web app; when missing, only the API is served. */
  webDistDir: string | null;
  appOrigin: string | undefined;
  logLevel: string;
  /** Where log lines go (standard output unless set), e.g. a buffer a test reads. */
  logStream?: NodeJS.WritableStream;
  production: boolean;
  /**
   * Which X-Forwarded-For hops are the client's address, as Fastify's trustProxy reads them: the number of
   * proxies in front, or their addresses/CIDR ranges. False (the default) uses the connection's address.
   * Never `true`: that takes the left-most value, which the client writes itself.
   */
  trustProxy?: number | string | false;
  /** Bounds on websockets (defaults: LIVE_SOCKET_LIMITS, decision 024). */
  socketLimits?: Partial<LiveSocketLimits>;
}

export interface App {
  app: FastifyInstance;
  deps: ServerDeps;
  /** The websocket server, e.g. to count or drop connections. */
  websockets: WebSocketServer;
  /** Drains: websocket clients are told to reconnect, in-flight requests finish. */
  close(): Promise<void>;
}

const API_PREFIXES = ['/api', '/trpc', '/uploads', '/healthz'];

/**
 * A count of proxies as proxy-addr defines it: the connection and the next `hops - 1` X-Forwarded-For entries
 * from the right are proxies, the entry after them is the client. (Fastify now ignores a bare number.) Only
 * sound when the server cannot be reached except through those proxies; a list of addresses checks them.
 */
function trustedHops(
  setting: number | string | false,
): ((address: string, hop: number) => boolean) | string | false {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

function clientErrorMessage(status: number): string {
  if (status === 404) return UI_TEXT.request.notFound;
  if (status === 405) return UI_TEXT.request.methodNotAllowed;
  if (status === 413) return UI_TEXT.request.tooLarge;
  if (status === 415) return UI_TEXT.request.unsupportedMediaType;
  if (status === 429) return UI_TEXT.rateLimited;
  return UI_TEXT.request.unreadable;
}

/** Security headers on every answer (also used by the API benchmark's bare server, to compare like with like). */
export function helmetOptions(production: boolean): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    // Lets the "Open in Maps" links and images load without a COEP handshake.
    crossOriginEmbedderPolicy: false,
  };
}

/** Scripts, styles, pages and JSON travel compressed; brotli at a quality that stays cheap on the fly. */
export const compressOptions: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
};

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: safeLoggerOptions(options.logLevel, options.logStream),
    trustProxy: trustedHops(options.trustProxy ?? false),
    // Multipart bodies carry their own limits; this bounds JSON bodies.
    bodyLimit: 1024 * 1024,
    // A batched tRPC GET names every procedure in one path segment ("listings.list,listings.stats,...").
    routerOptions: { maxParamLength: 2000 },
  });
  const deps = options.createDeps(app.log);

  await app.register(helmet, helmetOptions(options.production));
  // The tRPC adapter answers with a fetch Response, which Fastify unpacks only after the onSend
  // hooks: the compression plugin's hook would wrap it whole and its status would be lost (an
  // error would travel as 200). Unpacked here first, status, headers and body travel intact.
  // A plain answer (the whole JSON already in memory) travels as a string with its length, as any other
  // route's does; only a streamed one (JSON lines, server-sent events) stays a stream.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!(payload instanceof Response)) return payload;
    reply.code(payload.status);
    for (const [name, value] of payload.headers) reply.header(name, value);
    if (!payload.body) return null;
    const streamed =
      payload.headers.has('transfer-encoding') ||
      payload.headers.get('content-type')?.startsWith('text/event-stream') === true;
    return streamed ? Readable.fromWeb(payload.body) : await payload.text();
  });
  await app.register(compress, compressOptions);
  await app.register(multipart);
  registerOriginCheck(app, options.appOrigin);

  // Fastify's own refusals (a body that is not JSON, too large, of an unknown type) speak of its
  // parsers: the client reads the product's sentence for the status instead.
  app.setErrorHandler(async (err: Error & { statusCode?: number }, req, reply) => {
    const status =
      err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status < 500) return reply.code(status).send({ message: clientErrorMessage(status) });
    req.log.error({ err, errorId: req.id }, 'request failed');
    return reply
      .code(500)
      .send({ message: `${UI_TEXT.serverError} (ref ${req.id})`, errorId: req.id });
  });

  await registerTrpcHttp(app, deps, {
    router: appRouter,
    // One request carries at most this many calls, and searches count more (docs/decisions/026).
    maxBatchSize: MAX_BATCH_SIZE,
    createContext: async ({ req, res, info }) => {
      await assertBatchAffordable(info.calls);
      return createTRPCContext(deps, requestInfo(req, res));
    },
  });

  registerRestRoutes(app, deps, restRoutes);
  const openApi = buildOpenApiDocument(restRoutes);
  app.get('/api/openapi.json', (_req, reply) => reply.send(openApi));

  app.get('/healthz', async (_req, reply) => {
    try {
      await options.healthCheck();
      return { status: 'ok' };
    } catch (err) {
      app.log.error({ err }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    // Upload names are random and never rewritten, so they can be cached for good.
    immutable: true,
    maxAge: '365d',
  });

  const webDist =
    options.webDistDir && existsSync(path.join(options.webDistDir, 'index.html'))
      ? options.webDistDir
      : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // Off, or the file server's own `public, max-age=0` replaces the header set below.
      cacheControl: false,
      // Built file names under assets/ carry their content's hash: a new build gets new names, so
      // a returning visitor keeps them for good. The page, the service worker and the manifest
      // keep their names across builds, so they are checked with their ETag on every use.
      setHeaders: (res, filePath) => {
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn('web app not built: serving the API only (run `pnpm build`)');
  }

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    const isApi = API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
    // A missing file (a stale script after a deploy) must be a 404, not the page, or the browser runs HTML as code.
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    // Any other page address belongs to the single-page app, which shows its own 404.
    if (webDist && !isApi && !isFile && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply.code(404).send({ message: UI_TEXT.request.notFound });
  });

  // The upgrade reads the client's address with the same trust as Fastify's request.ip.
  const ws = attachWebSocket(app, deps, {
    appOrigin: options.appOrigin,
    trustProxy: trustedHops(options.trustProxy ?? false),
    limits: options.socketLimits,
  });

  return {
    app,
    deps,
    websockets: ws.wss,
    async close() {
      await ws.close();
      await app.close();
    },
  };
}
