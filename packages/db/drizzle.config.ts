import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: migrations are applied by drizzle-orm's migrators (src/client.ts), which also
// work on PGlite, where `drizzle-kit migrate` does not.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema.ts',
  out: './drizzle',
  casing: 'snake_case',
});
