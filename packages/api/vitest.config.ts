import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Database-backed suites share two cores; running files one by one keeps timings stable.
    fileParallelism: false,
  },
});
