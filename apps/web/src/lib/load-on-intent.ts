/**
 * Handlers for a button whose dialog loads on first use: a finger on the button or focus on it
 * starts the download, so the code is usually here before the tap ends.
 */
export function loadOnIntent(load: () => Promise<unknown>) {
  const start = () => void load();
  return { onPointerDown: start, onFocus: start };
}
