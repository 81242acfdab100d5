import { createDatabase, migrateDatabase } from '../client';
import { readDatabaseEnv } from '../env';
import { seedDatabase } from '../seed';
import { createLocalStorage } from '../storage';

const env = readDatabaseEnv();
const handle = await createDatabase(
  env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.pgliteDir },
);
try {
  // Seeding a database that was never migrated would fail; migrating twice is a no-op.
  await migrateDatabase(handle);
  const result = await seedDatabase(handle.db, {
    storage: createLocalStorage(env.uploadsDir),
    adminEmail: env.adminEmail,
    ...(env.adminPassword ? { adminPassword: env.adminPassword } : {}),
    log: (line) => console.log(line),
  });
  if (!result.seeded) {
    console.log('The database already has users; nothing was seeded.');
  } else if (result.adminPassword) {
    console.log(`Admin ${env.adminEmail} has the generated password: ${result.adminPassword}`);
    console.log('It is shown only this once. Set ADMIN_PASSWORD to choose it yourself.');
  } else {
    console.log(`Admin ${env.adminEmail} uses the password from ADMIN_PASSWORD.`);
  }
} finally {
  await handle.close();
}
