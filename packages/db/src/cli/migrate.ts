import { createDatabase, migrateDatabase } from '../client';
import { readDatabaseEnv } from '../env';

const env = readDatabaseEnv();
const handle = await createDatabase(
  env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.pgliteDir },
);
try {
  await migrateDatabase(handle);
  console.log(
    `Migrations applied (${handle.kind === 'postgres' ? 'PostgreSQL' : `embedded database in ${env.pgliteDir}`}).`,
  );
} finally {
  await handle.close();
}
