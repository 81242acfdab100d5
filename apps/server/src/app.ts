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
import { DEFAULT_MAP_TILES, MAX_BATCH_SIZE, UI_TEXT } from '@yardsale/validators';

import { assertBatchAffordable } from './batch-cost';
import { proxyAddressMatcher } from './client-address';
import {
  CONNECTIONS_PER_ADDRESS,
  HEADERS_TIMEOUT_MS,
  capConnectionsPerAddress,
} from './connection-limits';
import { prettyLogStream, safeLoggerOptions } from './log-safety';
import { createServerMetrics } from './metrics';
import type { ServerMetrics } from './metrics';
import { registerOperations, withOperationsPaths } from './operations';
import { requestInfo } from './request-info';
import { buildOpenApiDocument } from './rest/openapi';
import { registerRestRoutes } from './rest/adapter';
import { restRoutes } from './rest/routes';
import { registerOriginCheck } from './security';
import { registerTrpcHttp } from './trpc-http';
import type { TrpcHttpOptions } from './trpc-http';
import { drainUnreadBody } from './unread-body';
import { registerUploads } from './uploads';
import { attachWebSocket } from './websocket';
import type { LiveSocketLimits } from './websocket';

export interface AppOptions {
  createDeps: (logger: FastifyBaseLogger) => ServerDeps;
  /** Checks the database for /readyz (`select 1`). */
  healthCheck: () => Promise<void>;
  /** The Bearer token /metrics requires; unset, /metrics answers 404 (decision 058). */
  metricsToken?: string;
  /** Where the server's metrics are kept (a fresh set unless given, e.g. by a start that also times jobs). */
  metrics?: ServerMetrics;
  /** The database pool's configured size, for the metrics (unset on the embedded database). */
  poolSize?: number;
  /**
   * On close, how long /readyz answers 503 while requests are still served, so a load balancer that
   * probes it stops sending traffic before the listener closes (0 unless set).
   */
  readinessGraceMs?: number;
  /**
   * How long an answer given before its request's body was read waits for the rest of that body
   * (UNREAD_BODY_WAIT_MS unless set; see unread-body.ts).
   */
  unreadBodyWaitMs?: number;
  /** The built web app; when missing, only the API is served. */
  webDistDir: string | null;
  appOrigin: string | undefined;
  logLevel: string;
  /** Where log lines go (standard output unless set), e.g. a buffer a test reads. */
  logStream?: NodeJS.WritableStream;
  /** Readable log lines instead of JSON on standard output (development). */
  prettyLogs?: boolean;
  production: boolean;
  /**
   * Which X-Forwarded-For hops are the client's address, as Fastify's trustProxy reads them: the number of
   * proxies in front, or their addresses/CIDR ranges. False (the default) uses the connection's address.
   * Never `true`: that takes the left-most value, which the client writes itself.
   */
  trustProxy?: number | string | false;
  /** Bounds on websockets (defaults: LIVE_SOCKET_LIMITS, decision 024). */
  socketLimits?: Partial<LiveSocketLimits>;
  /** Open connections one client address may hold (CONNECTIONS_PER_ADDRESS unless set). */
  connectionsPerAddress?: number;
}

export interface App {
  app: FastifyInstance;
  deps: ServerDeps;
  /** The websocket server, e.g. to count or drop connections. */
  websockets: WebSocketServer;
  metrics: ServerMetrics;
  /**
   * Drains: /readyz answers 503 from the first moment (for `readinessGraceMs`, while still serving),
   * websocket clients are told to reconnect, the listener closes and in-flight requests finish.
   */
  close(): Promise<void>;
}

const API_PREFIXES = ['/api', '/trpc', '/uploads', '/healthz', '/readyz', '/metrics'];

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
/** Where the map's tiles come from, as a CSP source; "{s}" (a choice of subdomains) allows them all. */
function tileImageSource(tileUrl: string): string {
  const url = new URL(tileUrl);
  return `${url.protocol}//${url.host.replace(/^(\{s\}|%7Bs%7D)\./i, '*.')}`;
}

/** `tileUrl` is the map's tile template: its origin is the one other place images may come from. */
export function helmetOptions(
  production: boolean,
  tileUrl: string = DEFAULT_MAP_TILES.tileUrl,
): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileImageSource(tileUrl)],
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

/**
 * What tRPC over HTTP is given, in one place: the direct path and tRPC's own handler both answer with
 * these (an onError added here applies to every call).
 */
export function trpcOptions(deps: ServerDeps): TrpcHttpOptions {
  return {
    router: appRouter,
    // One request carries at most this many calls, and searches count more (docs/decisions/026).
    maxBatchSize: MAX_BATCH_SIZE,
    createContext: async ({ req, res, info }) => {
      await assertBatchAffordable(info.calls);
      return createTRPCContext(deps, requestInfo(req, res));
    },
  };
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: safeLoggerOptions(
      options.logLevel,
      options.logStream ?? (options.prettyLogs ? await prettyLogStream() : undefined),
    ),
    trustProxy: trustedHops(options.trustProxy ?? false),
    // Multipart bodies carry their own limits; this bounds JSON bodies.
    bodyLimit: 1024 * 1024,
    // A batched tRPC GET names every procedure in one path segment ("listings.list,listings.stats,...").
    routerOptions: { maxParamLength: 2000 },
  });
  const metrics = options.metrics ?? createServerMetrics();
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  capConnectionsPerAddress(app.server, {
    perAddress: options.connectionsPerAddress ?? CONNECTIONS_PER_ADDRESS,
    exempt: proxyAddressMatcher(options.trustProxy ?? false),
    onRefused: () => metrics.connectionRefused(),
  });
  const created = options.createDeps(app.log);
  // Every live stream's wake-up passes here: how long it took from its sender is the delivery lag.
  const deps: ServerDeps = {
    ...created,
    events: {
      ...created.events,
      subscribe: (userId, onWake) =>
        created.events.subscribe(userId, (sentAt) => {
          if (sentAt !== undefined) metrics.eventDelivered((Date.now() - sentAt) / 1000);
          onWake(sentAt);
        }),
    },
  };
  let draining = false;

  app.addHook('onSend', async (req, _reply, payload) => {
    await drainUnreadBody(req.raw, options.unreadBodyWaitMs);
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    metrics.httpRequest(
      req.routeOptions.url ?? 'unmatched',
      req.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  await app.register(
    helmet,
    helmetOptions(options.production, (deps.config.mapTiles ?? DEFAULT_MAP_TILES).tileUrl),
  );
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

  await registerTrpcHttp(app, trpcOptions(deps));

  await registerRestRoutes(app, deps, restRoutes);
  const openApi = withOperationsPaths(buildOpenApiDocument(restRoutes));
  app.get('/api/openapi.json', (_req, reply) => reply.send(openApi));

  registerOperations(app, {
    databaseCheck: options.healthCheck,
    storageCheck: () => deps.storage.check(),
    draining: () => draining,
    metrics,
    metricsToken: options.metricsToken,
  });

  registerUploads(app, deps.storage);

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

  metrics.observe({
    openSockets: () => ws.wss.clients.size,
    liveStreams: () => ws.liveStreams(),
    databaseProbe: options.healthCheck,
    poolSize: options.poolSize,
  });

  return {
    app,
    deps,
    websockets: ws.wss,
    metrics,
    async close() {
      draining = true;
      if (options.readinessGraceMs)
        await new Promise((resolve) => setTimeout(resolve, options.readinessGraceMs));
      await ws.close();
      await app.close();
    },
  };
}
