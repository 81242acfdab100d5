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
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium } from '@playwright/test';

import { CHROMIUM_FLAGS, readConfig } from './lib/config';
import { startEdge } from './lib/edge';
import { CATEGORIES, GATED_CATEGORIES, measurePages } from './lib/lighthouse';
import { weighRoute } from './lib/page-weight';
import type { RouteWeight, Visitor } from './lib/page-weight';
import { buildWebApp, createBenchDatabase, freePort, startServer } from './lib/server';
import { pickListings, signIn } from './lib/session';
import type { Session } from './lib/session';
import { KB, kb, printTable } from './lib/table';

/** First-visit JavaScript, gzip (the issue "Installable, accessible and fast"). */
const JS_BUDGETS: Record<string, number> = { '/': 120 * KB, '/home': 170 * KB };
/** Lighthouse categories that must score at least this on every page measured. */
const LIGHTHOUSE_MIN = 95;

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
      buildWebApp(builtDir);
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

    const pages: [url: string, label: string, session: Session | null][] = [
      ['/', '/', null],
      ['/home', '/home', user],
      [`/listing/${listingId}`, '/listing/:id', user],
    ];
    const reportDir = config.BENCH_REPORT_DIR ? path.resolve(config.BENCH_REPORT_DIR) : undefined;
    if (reportDir) mkdirSync(reportDir, { recursive: true });
    const lighthouse = await measurePages(baseURL, pages, config, reportDir);

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
