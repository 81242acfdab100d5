import { fileURLToPath } from 'node:url';

/** Replaced by `true` when the server is bundled (apps/server/tsdown.config.ts); absent from source. */
declare const YARDSALE_SERVER_BUNDLE: true;

/**
 * Whether this code runs from the server's bundle (apps/server/dist/main.js) rather than from its
 * source file. Every module of the bundle shares one `import.meta.url`, the bundle's.
 */
export const inServerBundle = typeof YARDSALE_SERVER_BUNDLE !== 'undefined';

/**
 * A path found from the running file: `fromSource` relative to the calling module's own file (pass its
 * `import.meta.url`), `fromBundle` relative to apps/server/dist/main.js, so the same folder is found
 * whether the code runs from source (tests, tsx) or bundled.
 */
export function locate(moduleUrl: string, paths: { fromSource: string; fromBundle: string }) {
  return fileURLToPath(new URL(inServerBundle ? paths.fromBundle : paths.fromSource, moduleUrl));
}
