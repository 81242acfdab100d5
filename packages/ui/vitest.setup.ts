import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { MockInstance } from 'vitest';

import { dismissToast } from './src/components/use-toast';

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  // React reports misuse (a list without keys, an update outside act) through console.error;
  // such a report fails the test instead of scrolling past.
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  // The toast store outlives a rendered tree; close what a test left open.
  dismissToast();
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});
