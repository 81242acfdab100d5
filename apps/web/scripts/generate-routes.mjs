// Writes src/routeTree.gen.ts for typecheck and lint without starting Vite. It uses the same
// @tanstack/router-generator as the Vite plugin (both pinned in the catalogue), so the two never
// write the tree with different generator versions.
import { Generator, getConfig } from '@tanstack/router-generator';

const root = process.cwd();
await new Generator({ config: getConfig({ target: 'react' }, root), root }).run();
