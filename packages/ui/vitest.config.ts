import { defineConfig } from 'vitest/config';

/** Component tests: what a keyboard or screen-reader user gets, in a simulated DOM. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.tsx'],
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    // A simulated DOM per file is slow to start on two shared cores.
    testTimeout: 20_000,
  },
});
