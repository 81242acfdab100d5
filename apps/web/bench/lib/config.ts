/** The web benchmark's settings, read once from the environment. */
import { z } from 'zod';

import { parseEnvironment } from '@yardsale/validators';

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

export function readConfig() {
  // eslint-disable-next-line no-restricted-properties -- the benchmark's one reader of the environment
  const source = process.env;
  const config = parseEnvironment(configSchema, source);
  return { ...config, inherited: source };
}
export type BenchConfig = ReturnType<typeof readConfig>;

/** Chromium's flags, for the page-weight browser and Lighthouse's alike. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // The edge's certificate is self-signed, made for this run.
  '--ignore-certificate-errors',
];
