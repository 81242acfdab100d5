import { useSyncExternalStore } from 'react';

/**
 * Whether a new version of the app is waiting, shared between the service worker's registration
 * (loaded after the page, see register-service-worker.ts) and the update notice. Kept small: it is
 * in the first-visit bundle.
 */
interface AppUpdateState {
  /** Starts the waiting version; null while none is waiting. */
  start: (() => Promise<void>) | null;
  /** Once put away, the notice stays away for this page; the next page load asks again. */
  dismissed: boolean;
}

let state: AppUpdateState = { start: null, dismissed: false };
const listeners = new Set<() => void>();

function update(next: Partial<AppUpdateState>) {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceUpdate(start: () => Promise<void>): void {
  update({ start });
}

export function useAppUpdate() {
  const { start, dismissed } = useSyncExternalStore(subscribe, () => state);
  return {
    updateReady: start !== null && !dismissed,
    /** Starts the waiting version; the page reloads once it is in control. */
    reload: () => start?.() ?? Promise.resolve(),
    dismiss: () => update({ dismissed: true }),
  };
}
