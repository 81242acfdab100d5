import { readFileSync } from 'node:fs';

import { defineConfig } from 'tsdown';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const installed = Object.keys(manifest.dependencies).filter(
  (name) => !name.startsWith('@yardsale/'),
);

/**
 * The server as one file, dist/main.js (decision 056). The workspace's own packages are bundled;
 * every installed package stays an import, resolved at run time from apps/server's node_modules.
 */
export default defineConfig({
  entry: ['src/main.ts'],
  outDir: 'dist',
  format: 'esm',
  platform: 'node',
  target: 'node24',
  fixedExtension: false,
  sourcemap: true,
  dts: false,
  clean: true,
  report: false,
  deps: {
    neverBundle: true,
    alwaysBundle: [/^@yardsale\//],
    // An import of a package apps/server does not declare fails the build, not the first start in production.
    onlyImport: installed,
  },
  // Lets @yardsale/db's `locate` find files relative to the bundle instead of the source files.
  define: { YARDSALE_SERVER_BUNDLE: 'true' },
  copy: [{ from: '../../packages/db/drizzle', to: 'dist' }],
});
