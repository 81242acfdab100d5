/** Lighthouse on a page, several runs one at a time, and the median of each figure. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { z } from 'zod';

import { CHROMIUM_FLAGS } from './config';
import type { BenchConfig } from './config';
import { bin } from './server';
import type { Session } from './session';
import { median } from './table';

export const GATED_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export const CATEGORIES = [...GATED_CATEGORIES, 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

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

/**
 * Lighthouse `config.BENCH_LIGHTHOUSE_RUNS` times on each page (the pages BENCH_PAGES names, or all),
 * keeping each report in BENCH_REPORT_DIR if set; the median of each figure per page.
 */
export async function measurePages(
  baseURL: string,
  pages: [url: string, label: string, session: Session | null][],
  config: BenchConfig,
  reportDir: string | undefined,
): Promise<LighthouseResult[]> {
  const lighthouse: LighthouseResult[] = [];
  const unknown = config.BENCH_PAGES?.filter((page) => !pages.some(([, label]) => label === page));
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
  return lighthouse;
}
