/**
 * A value kept on this device (localStorage) under one key, read by any number of components with
 * useSyncExternalStore and kept in step across tabs. When the browser refuses storage (private
 * modes, strict settings) the value lives in memory until the page is closed.
 */
interface DeviceStore<T> {
  subscribe: (listener: () => void) => () => void;
  /** The same object until the stored text really changes, as useSyncExternalStore needs. */
  getSnapshot: () => T;
  /** Saves the text (null forgets it) and tells every reader on the page. */
  write: (raw: string | null) => void;
}

export function createDeviceStore<T>(
  key: string,
  parse: (raw: string | null) => T,
): DeviceStore<T> {
  let memoryRaw: string | null = null;
  let storageRefused = false;
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue = parse(null);

  const readStorage = (): string | null => {
    if (storageRefused) return memoryRaw;
    try {
      return localStorage.getItem(key);
    } catch {
      storageRefused = true;
      return memoryRaw;
    }
  };
  const notify = () => {
    for (const listener of listeners) listener();
  };
  // Another tab changed it (event.key is null when that tab cleared all storage).
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) notify();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
    getSnapshot() {
      const raw = readStorage();
      if (raw !== cachedRaw) {
        cachedRaw = raw;
        cachedValue = parse(raw);
      }
      return cachedValue;
    },
    write(raw) {
      memoryRaw = raw;
      try {
        if (raw === null) localStorage.removeItem(key);
        else localStorage.setItem(key, raw);
      } catch {
        storageRefused = true;
      }
      notify();
    },
  };
}
