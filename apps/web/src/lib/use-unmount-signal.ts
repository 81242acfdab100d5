import { useCallback, useEffect, useRef } from 'react';

/**
 * A signal that aborts when the component leaves the screen, for work that outlives the event that
 * started it: take the signal when the work starts. What is under way may still finish (a listing
 * being saved is saved), but what it would do next on this screen (a toast, a navigation) need not.
 */
export function useUnmountSignal(): () => AbortSignal {
  const presence = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    presence.current = controller;
    return () => controller.abort();
  }, []);
  // Before the first effect and after the last, the component is not on screen.
  return useCallback(() => presence.current?.signal ?? AbortSignal.abort(), []);
}
