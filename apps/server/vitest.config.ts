import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Two files at a time: each opens its own databases and servers, and most of a file's time is
    // spent waiting on them, so a second file fills the other core (about 40% off the suite).
    maxWorkers: 2,
  },
});
