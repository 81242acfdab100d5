import { useEffect, useState } from 'react';

/**
 * True once the page has loaded and the browser is idle (at most 2 s after the load), so work
 * that waits on it never delays the page itself. Straight away on later screens, the page being
 * loaded long since.
 */
export function useAfterPageLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    const whenIdle = () => {
      // Safari has no requestIdleCallback.
      if ('requestIdleCallback' in window) {
        const id = requestIdleCallback(() => setReady(true), { timeout: 2000 });
        cancelIdle = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(() => setReady(true), 200);
        cancelIdle = () => clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancelIdle?.();
    };
  }, []);
  return ready;
}
