import { defineConfig } from 'vitest/config';

/** Unit tests for the app's pure modules; the journeys in e2e/ run with Playwright. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
  },
});
