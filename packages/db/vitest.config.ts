import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // A cold embedded database takes seconds on two cores, and the seed renders photos.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
