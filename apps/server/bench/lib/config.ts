import { z } from 'zod';

/** BENCH_DATABASE_URL: a PostgreSQL server the benchmark makes its own database on. */
export const postgresUrl = (why = '') =>
  z.url({
    protocol: /^postgres(ql)?$/,
    error: `must be a postgres:// or postgresql:// URL${why ? ` (${why})` : ''}`,
  });
