import { lazy } from 'react';
import type { LazyExoticComponent } from 'react';

import { isServerUnreachable, whenServerAnswers } from './server-reachability';

/**
 * Runs a download (a piece of code loaded on demand) and, when it fails for want of the server,
 * runs it again once the server answers, for as long as it takes. Other failures are thrown.
 */
export async function retryWhenServerAnswers<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      if (!isServerUnreachable(error)) throw error;
      await whenServerAnswers();
    }
  }
}

/**
 * React's `lazy` for a piece of a screen (a toast viewport, a dialog, a prompt). If its code
 * cannot be downloaded because the server is out of reach, the piece stays at its Suspense
 * fallback until the server answers and then appears: the failure never reaches the screen's
 * error boundary, so the screen, and whatever was typed on it, stays.
 */
export function lazyPiece<T extends LazyComponent>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(() => retryWhenServerAnswers(load));
}

/** Any component React's `lazy` accepts, read from its own signature. */
type LazyComponent = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];
