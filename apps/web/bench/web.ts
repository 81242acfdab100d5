/**
 * Page-weight and speed benchmark: what a first visit to each screen downloads, and Lighthouse on
 * the three screens people land on most.
 *
 *   pnpm bench:web
 *
 * It builds the web app into a temporary folder, starts the real server on it (fresh embedded
 * database, seeded with the demo content) behind an HTTPS edge that speaks HTTP/2, as a deployment
 * sits behind its TLS proxy (a throwaway self-signed certificate; docs/decisions/022), and then:
 * - opens every route in Chromium with an empty cache (service workers blocked, so only what the
 *   page itself fetches counts), signed in where the route needs it, and adds up the scripts and
 *   stylesheets it downloaded: raw bytes and gzip (each file compressed as the server does);
 * - runs Lighthouse (mobile emulation, default throttling) on /, /home and a listing page,
 *   BENCH_LIGHTHOUSE_RUNS times each (default 5, as Lighthouse advises for its run-to-run variance), and reports the median of each category.
 * Exit code 1 when a budget is missed (docs/decisions/022-page-weight.md).
 *
 * Optional: BENCH_DIST_DIR (measure that build instead of building), BENCH_LIGHTHOUSE_RUNS (0 skips
 * Lighthouse), BENCH_PORT (default: any free port), CHROMIUM_PATH (default /usr/bin/chromium),
 * BENCH_PAGES (Lighthouse on these pages only, from /,/home,/listing/:id), BENCH_REPORT_DIR (keep
 * each Lighthouse report there as JSON, with its trace: where the main thread's time went; the
 * log also gives each run's score and Lighthouse's CPU benchmark index, to tell a slow machine
 * from a slow page), BENCH_CPU_SLOWDOWN (Lighthouse's CPU slowdown instead of its default 4: about 6
 * shows on a machine rated 2,800 what one rated about 1,800 would see), BENCH_EDGE=none (talk plain HTTP/1.1 to the server itself, without the edge),
 * BENCH_DATABASE_URL (a PostgreSQL server: the demo data goes into a randomly named database there,
 * dropped at the end, instead of the embedded database). The embedded database runs inside the
 * server's process, on the same cores as the browser being measured: its work shows up as the
 * page's blocking time. Lighthouse figures for the budgets are taken on PostgreSQL.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import proxy from 'http2-proxy';
import postgres from 'postgres';
import { generate as generateCertificate } from 'selfsigned';
import { z } from 'zod';
import { parseEnvironment } from '@yardsale/validators';

const KB = 1024;

/** First-visit JavaScript, gzip (the issue "Installable, accessible and fast"). */
const JS_BUDGETS: Record<string, number> = { '/': 120 * KB, '/home': 170 * KB };
/** Lighthouse categories that must score at least this on every page measured. */
const LIGHTHOUSE_MIN = 95;
const GATED_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const CATEGORIES = [...GATED_CATEGORIES, 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The edge's certificate is self-signed, made for this run.
  '--ignore-certificate-errors',
];

const configSchema = z.object({
  BENCH_DIST_DIR: z.string().optional(),
  BENCH_LIGHTHOUSE_RUNS: z.coerce.number().int().min(0).max(15).default(5),
  BENCH_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  /** Lists the files behind a route's figures, e.g. BENCH_DETAIL=/ or BENCH_DETAIL=/home. */
  BENCH_DETAIL: z.string().optional(),
  BENCH_EDGE: z.enum(['https', 'none']).default('https'),
  /** Runs Lighthouse on these pages only, e.g. BENCH_PAGES=/home,/listing/:id. */
  BENCH_PAGES: z
    .string()
    .transform((pages) => pages.split(',').map((page) => page.trim()))
    .optional(),
  /** Keeps every Lighthouse report (JSON) in this folder, to read where a page's time went. */
  BENCH_REPORT_DIR: z.string().optional(),
  /** Lighthouse's CPU slowdown (its default is 4), to see a page as a slower machine would. */
  BENCH_CPU_SLOWDOWN: z.coerce.number().min(1).max(20).optional(),
  BENCH_DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
});

function readConfig() {
  // eslint-disable-next-line no-restricted-properties -- the benchmark's one reader of the environment
  const source = process.env;
  const config = parseEnvironment(configSchema, source);
  return { ...config, inherited: source };
}

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(webRoot, 'node_modules', '.bin', name);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Server

/** A randomly named database on a PostgreSQL server, for one run. */
async function createBenchDatabase(serverUrl: string) {
  const name = `yardsale_web_bench_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        // FORCE ends the connections the stopped server may have left open.
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

interface Edge {
  origin: string;
  close: () => void;
}

/**
 * HTTPS with HTTP/2 in front of the server, as a deployment's TLS proxy puts it: browsers fetch a
 * page's many small files over one connection instead of queueing them on six. Requests, and the
 * websocket, go on to the server as HTTP/1.1.
 */
async function startEdge(port: number, target: { hostname: string; port: number }): Promise<Edge> {
  const certificate = await generateCertificate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const edge = http2.createSecureServer({
    key: certificate.private,
    cert: certificate.cert,
    // The websocket upgrade is an HTTP/1.1 request.
    allowHTTP1: true,
  });
  edge.on('request', (req, res) => {
    void proxy.web(req, res, target, (error: Error | null) => {
      if (error && !res.headersSent) res.writeHead(502).end();
    });
  });
  edge.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    void proxy.ws(req, socket, head, target, (error: Error | null) => {
      if (error) socket.destroy();
    });
  });
  edge.listen(port, '127.0.0.1');
  await once(edge, 'listening');
  return { origin: `https://127.0.0.1:${port}`, close: () => edge.close() };
}

interface RunningServer {
  baseURL: string;
  adminPassword: string;
  stop: () => void;
}

async function startServer(
  distDir: string,
  dataDir: string,
  port: number,
  /** Where browsers reach it: state-changing requests and websockets must come from there. */
  appOrigin: string | undefined,
  /** PostgreSQL; the embedded database in dataDir when undefined. */
  databaseUrl: string | undefined,
  inherited: NodeJS.ProcessEnv,
): Promise<RunningServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  const adminPassword = 'bench-admin-password';
  const child = spawn('pnpm', ['--filter', '@yardsale/server', 'start'], {
    cwd: webRoot,
    // Its own process group, so stopping it also stops the tsx child that runs the server.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      WEB_DIST_DIR: distDir,
      APP_ORIGIN: appOrigin ?? baseURL,
      ADMIN_EMAIL: 'admin@yardsale.bench',
      ADMIN_PASSWORD: adminPassword,
      // Not production: that makes cookies Secure, and this server is plain http.
      NODE_ENV: 'test',
      // The pages are measured with the demo neighbourhood in them.
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  // A cold embedded database migrates and seeds on first start: give it time.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error('The server did not become healthy within 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return { baseURL, adminPassword, stop };
}

const meSchema = z.object({
  result: z.object({ data: z.object({ json: z.object({ id: z.number() }) }) }),
});
const listingsSchema = z.object({
  items: z.array(
    z.object({ id: z.number(), userId: z.number(), primaryImage: z.object({}).nullable() }),
  ),
});

/** Signs in through the API as the browser would and returns the session cookie. */
async function signIn(server: RunningServer, origin: string, email: string, password: string) {
  const { baseURL } = server;
  const response = await fetch(`${baseURL}/trpc/auth.login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ json: { email, password, rememberMe: false } }),
  });
  if (!response.ok)
    throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  const setCookie = response.headers.getSetCookie()[0];
  const pair = setCookie?.split(';')[0];
  const separator = pair?.indexOf('=') ?? -1;
  if (!pair || separator <= 0) throw new Error(`Sign-in as ${email} set no cookie`);
  const me = await fetch(`${baseURL}/trpc/auth.me`, { headers: { Cookie: pair } });
  const userId = meSchema.parse(await me.json()).result.data.json.id;
  return { header: pair, name: pair.slice(0, separator), value: pair.slice(separator + 1), userId };
}
type Session = Awaited<ReturnType<typeof signIn>>;

/** A listing with photos by another seller (the page a buyer opens), and one of the user's own. */
async function pickListings(baseURL: string, session: Session) {
  const response = await fetch(`${baseURL}/api/listings?limit=50`, {
    headers: { Cookie: session.header },
  });
  if (!response.ok)
    throw new Error(`Listing search failed: ${response.status} ${await response.text()}`);
  const { items } = listingsSchema.parse(await response.json());
  const others = items.find((item) => item.userId !== session.userId && item.primaryImage);
  const own = items.find((item) => item.userId === session.userId);
  if (!others || !own) throw new Error('The demo data has no listing with photos to measure');
  return { listingId: others.id, sellerId: others.userId, ownListingId: own.id };
}

// ---------------------------------------------------------------------------------------------
// Page weight

interface RouteWeight {
  route: string;
  jsFiles: number;
  jsRaw: number;
  jsGzip: number;
  cssRaw: number;
  cssGzip: number;
  files: { path: string; gzip: number }[];
}

type Visitor = 'visitor' | 'user' | 'admin';

async function weighRoute(
  browser: Browser,
  baseURL: string,
  distDir: string,
  route: string,
  label: string,
  session: Session | null,
): Promise<RouteWeight> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    baseURL,
    ignoreHTTPSErrors: true,
  });
  if (session) {
    await context.addCookies([{ name: session.name, value: session.value, url: baseURL }]);
  }
  const page = await context.newPage();
  const assets = new Map<string, 'script' | 'stylesheet'>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const url = new URL(response.url());
    if (url.origin === baseURL && (type === 'script' || type === 'stylesheet'))
      assets.set(url.pathname, type);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(route, { waitUntil: 'networkidle' });
  // On a busy machine the network can fall quiet while the app is still starting: wait for the
  // page's heading (every screen has one), then until no script or stylesheet arrives for 1 s.
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  for (let seen = -1; seen !== assets.size;) {
    seen = assets.size;
    await page.waitForTimeout(1000);
  }
  const landedOn = new URL(page.url()).pathname;
  await context.close();
  if (errors.length > 0) throw new Error(`${route}: the page threw: ${errors.join('; ')}`);
  if (session && landedOn.startsWith('/auth'))
    throw new Error(`${route}: sent to sign in although signed in`);

  const weight: RouteWeight = {
    route: label,
    jsFiles: 0,
    jsRaw: 0,
    jsGzip: 0,
    cssRaw: 0,
    cssGzip: 0,
    files: [],
  };
  for (const [pathname, type] of assets) {
    const bytes = readFileSync(path.join(distDir, decodeURIComponent(pathname)));
    const gzip = gzipSync(bytes).length;
    weight.files.push({ path: pathname, gzip });
    if (type === 'script') {
      weight.jsFiles += 1;
      weight.jsRaw += bytes.length;
      weight.jsGzip += gzip;
    } else {
      weight.cssRaw += bytes.length;
      weight.cssGzip += gzip;
    }
  }
  return weight;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

const lighthouseSchema = z.object({
  environment: z.object({ benchmarkIndex: z.number() }),
  categories: z.record(z.string(), z.object({ score: z.number().nullable() })),
  audits: z.record(z.string(), z.object({ numericValue: z.number().optional() })),
});

interface LighthouseResult {
  page: string;
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function runLighthouse(
  url: string,
  session: Session | null,
  chromiumPath: string,
  inherited: NodeJS.ProcessEnv,
  keepAs: string | undefined,
  cpuSlowdown: number | undefined,
) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'yardsale-lighthouse-'));
  const output = path.join(outDir, 'report.json');
  const args = [
    url,
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(' ')}`,
  ];
  // With the trace, a report shows where each millisecond of the page's main thread went.
  if (keepAs) args.push('--save-assets');
  if (cpuSlowdown !== undefined) args.push(`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`);
  if (session) args.push(`--extra-headers=${JSON.stringify({ Cookie: session.header })}`);
  try {
    // Not a blocking call: the HTTPS edge answers the browser from this process.
    const child = spawn(bin('lighthouse'), args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...inherited, CHROME_PATH: chromiumPath },
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) throw new Error(`Lighthouse exited with code ${String(code)} on ${url}`);
    if (keepAs) {
      copyFileSync(output, keepAs);
      copyFileSync(
        path.join(outDir, 'report-0.trace.json'),
        keepAs.replace(/\.json$/, '.trace.json'),
      );
    }
    const report = lighthouseSchema.parse(JSON.parse(readFileSync(output, 'utf8')));
    const score = (category: Category) =>
      Math.round((report.categories[category]?.score ?? 0) * 100);
    const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    return {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number>,
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      benchmarkIndex: report.environment.benchmarkIndex,
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: try again. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  Lighthouse run failed, trying again (${attempt} of ${attempts - 1})`);
    }
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

// ---------------------------------------------------------------------------------------------

const kb = (bytes: number) => (bytes / KB).toFixed(1);

function printTable(headers: readonly string[], rows: readonly (readonly string[])[]) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function main() {
  const config = readConfig();
  const cleanup: (() => void | Promise<void>)[] = [];
  const problems: string[] = [];
  try {
    let distDir = config.BENCH_DIST_DIR ? path.resolve(config.BENCH_DIST_DIR) : undefined;
    if (!distDir) {
      const builtDir = mkdtempSync(path.join(tmpdir(), 'yardsale-web-bench-'));
      cleanup.push(() => rmSync(builtDir, { recursive: true, force: true }));
      console.log(`Building the web app into ${builtDir} ...`);
      execFileSync(
        bin('vite'),
        ['build', '--outDir', builtDir, '--emptyOutDir', '--logLevel', 'warn'],
        {
          cwd: webRoot,
          stdio: 'inherit',
        },
      );
      distDir = builtDir;
    }

    const dataDir = mkdtempSync(path.join(tmpdir(), 'yardsale-web-bench-data-'));
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = config.BENCH_PORT ?? (await freePort());
    const edgePort = config.BENCH_EDGE === 'https' ? await freePort() : undefined;
    const edgeOrigin = edgePort === undefined ? undefined : `https://127.0.0.1:${edgePort}`;
    let databaseUrl: string | undefined;
    if (config.BENCH_DATABASE_URL) {
      const database = await createBenchDatabase(config.BENCH_DATABASE_URL);
      cleanup.push(() => database.drop());
      databaseUrl = database.url;
    }
    console.log(
      `Starting the server on a fresh demo database (${databaseUrl ? 'PostgreSQL' : 'embedded'}) ...`,
    );
    const server = await startServer(
      distDir,
      dataDir,
      port,
      edgeOrigin,
      databaseUrl,
      config.inherited,
    );
    cleanup.unshift(server.stop);
    let baseURL = server.baseURL;
    if (edgePort !== undefined) {
      const edge = await startEdge(edgePort, { hostname: '127.0.0.1', port });
      cleanup.unshift(edge.close);
      baseURL = edge.origin;
      console.log(`Pages travel over HTTPS with HTTP/2 (${baseURL}).`);
    } else {
      console.log(`Pages travel over plain HTTP/1.1 (${baseURL}).`);
    }

    const user = await signIn(server, baseURL, 'maria.gonzalez@example.com', 'demo-password');
    const admin = await signIn(server, baseURL, 'admin@yardsale.bench', server.adminPassword);
    const { listingId, sellerId, ownListingId } = await pickListings(server.baseURL, user);

    const routes: [route: string, label: string, who: Visitor][] = [
      ['/', '/', 'visitor'],
      ['/auth', '/auth', 'visitor'],
      ['/about', '/about', 'visitor'],
      ['/help', '/help', 'visitor'],
      ['/how-it-works', '/how-it-works', 'visitor'],
      ['/terms', '/terms', 'visitor'],
      ['/privacy', '/privacy', 'visitor'],
      ['/no-such-page', '(404)', 'visitor'],
      ['/home', '/home', 'user'],
      [`/listing/${listingId}`, '/listing/:id', 'user'],
      ['/create-listing', '/create-listing', 'user'],
      [`/edit-listing/${ownListingId}`, '/edit-listing/:id', 'user'],
      ['/profile', '/profile', 'user'],
      ['/settings', '/settings', 'user'],
      ['/current', '/current', 'user'],
      ['/messages', '/messages', 'user'],
      ['/saved-listings', '/saved-listings', 'user'],
      [`/users/${sellerId}`, '/users/:userId', 'user'],
      ['/admin', '/admin', 'admin'],
    ];
    const sessions: Record<Visitor, Session | null> = { visitor: null, user, admin };

    console.log('Weighing first visits ...');
    const browser = await chromium.launch({
      executablePath: config.CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    });
    const weights: RouteWeight[] = [];
    try {
      for (const [route, label, who] of routes) {
        weights.push(await weighRoute(browser, baseURL, distDir, route, label, sessions[who]));
      }
    } finally {
      await browser.close();
    }

    const lighthouse: LighthouseResult[] = [];
    const pages: [url: string, label: string, session: Session | null][] = [
      ['/', '/', null],
      ['/home', '/home', user],
      [`/listing/${listingId}`, '/listing/:id', user],
    ];
    const reportDir = config.BENCH_REPORT_DIR ? path.resolve(config.BENCH_REPORT_DIR) : undefined;
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    const unknown = config.BENCH_PAGES?.filter(
      (page) => !pages.some(([, label]) => label === page),
    );
    if (unknown && unknown.length > 0) {
      throw new Error(
        `BENCH_PAGES: no such page ${unknown.join(', ')} (pages: /, /home, /listing/:id)`,
      );
    }
    const measured = pages.filter(
      ([, label]) =>
        config.BENCH_LIGHTHOUSE_RUNS > 0 && (config.BENCH_PAGES?.includes(label) ?? true),
    );
    for (const [url, label, session] of measured) {
      console.log(`Lighthouse ${label} (${config.BENCH_LIGHTHOUSE_RUNS} runs) ...`);
      const runs: Awaited<ReturnType<typeof runLighthouse>>[] = [];
      // One at a time: runs side by side would slow each other down.
      while (runs.length < config.BENCH_LIGHTHOUSE_RUNS) {
        const keepAs = reportDir
          ? path.join(
              reportDir,
              `${label.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing'}-${runs.length + 1}.json`,
            )
          : undefined;
        runs.push(
          await withRetries(() =>
            runLighthouse(
              `${baseURL}${url}`,
              session,
              config.CHROMIUM_PATH,
              config.inherited,
              keepAs,
              config.BENCH_CPU_SLOWDOWN,
            ),
          ),
        );
      }
      // Single runs spread widely; the spread says how far to trust the median.
      console.log(
        `  performance ${runs.map((run) => run.scores.performance).join(', ')}; CPU benchmark index ${runs.map((run) => run.benchmarkIndex.toFixed(0)).join(', ')}`,
      );
      lighthouse.push({
        page: label,
        scores: Object.fromEntries(
          CATEGORIES.map((c) => [c, median(runs.map((run) => run.scores[c]))]),
        ) as Record<Category, number>,
        lcpMs: median(runs.map((run) => run.lcpMs)),
        tbtMs: median(runs.map((run) => run.tbtMs)),
        cls: median(runs.map((run) => run.cls)),
      });
    }

    console.log('\nFirst visit, empty cache (KB; gzip as the server compresses)');
    printTable(
      ['route', 'JS files', 'JS raw', 'JS gzip', 'CSS raw', 'CSS gzip', 'budget (JS gzip)'],
      weights.map((w) => {
        const budget = JS_BUDGETS[w.route];
        if (budget !== undefined && w.jsGzip > budget) {
          problems.push(
            `${w.route}: ${kb(w.jsGzip)} KB of JavaScript (gzip), budget ${kb(budget)} KB`,
          );
        }
        const verdict =
          budget === undefined ? '' : `${kb(budget)} ${w.jsGzip > budget ? 'MISSED' : 'ok'}`;
        return [
          w.route,
          String(w.jsFiles),
          kb(w.jsRaw),
          kb(w.jsGzip),
          kb(w.cssRaw),
          kb(w.cssGzip),
          verdict,
        ];
      }),
    );

    const detail = weights.find((w) => w.route === config.BENCH_DETAIL);
    if (detail) {
      console.log(`\nFiles behind ${detail.route} (KB gzip)`);
      printTable(
        ['file', 'gzip'],
        [...detail.files].sort((a, b) => b.gzip - a.gzip).map((f) => [f.path, kb(f.gzip)]),
      );
    }

    if (lighthouse.length > 0) {
      console.log(
        `\nLighthouse, mobile emulation, median of ${config.BENCH_LIGHTHOUSE_RUNS} (at least ${LIGHTHOUSE_MIN} for ${GATED_CATEGORIES.join(', ')})`,
      );
      printTable(
        ['page', ...CATEGORIES, 'LCP ms', 'TBT ms', 'CLS'],
        lighthouse.map((result) => {
          for (const category of GATED_CATEGORIES) {
            if (result.scores[category] < LIGHTHOUSE_MIN) {
              problems.push(
                `${result.page}: Lighthouse ${category} ${result.scores[category]}, needs ${LIGHTHOUSE_MIN}`,
              );
            }
          }
          return [
            result.page,
            ...CATEGORIES.map((c) => String(result.scores[c])),
            result.lcpMs.toFixed(0),
            result.tbtMs.toFixed(0),
            result.cls.toFixed(3),
          ];
        }),
      );
    }
  } finally {
    for (const step of cleanup) await step();
  }

  if (problems.length > 0) {
    console.log(`\nBudgets missed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nAll budgets met.');
  }
}

await main();
