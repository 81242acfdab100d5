import { createDatabase, migrateDatabase } from '../client';
import { readDatabaseEnv } from '../env';
import { DEMO_PASSWORD, seedAccounts, seedDatabase } from '../seed';
import { openStorage } from '../open-storage';

/*
 * `pnpm db:seed`: an explicit ask for the demo content (decision 030), which the server itself adds only in
 * development on the embedded database. Into an empty database only; an existing one gets no demo accounts,
 * only the system account and the admin if they are missing.
 */
const env = readDatabaseEnv();
// Photos go where the server reads them: the local folder, or the bucket when S3_BUCKET is set.
const storage = await openStorage(env.storage);
const handle = await createDatabase(
  env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.pgliteDir },
);
try {
  // Seeding a database that was never migrated would fail; migrating twice is a no-op.
  await migrateDatabase(handle);
  const admin = env.adminPassword ? { adminPassword: env.adminPassword } : {};
  const result = await seedDatabase(handle.db, {
    storage,
    adminEmail: env.adminEmail,
    ...admin,
    log: (line) => console.log(line),
  });
  let generated = result.adminPassword;
  if (result.seeded) {
    console.log(
      `Demo neighbours sign in with the published password "${DEMO_PASSWORD}": never use this database in production.`,
    );
  } else {
    console.log('The database already has users: no demo content was added.');
    const accounts = await seedAccounts(handle.db, { adminEmail: env.adminEmail, ...admin });
    if (accounts.systemCreated) console.log('Created the system account.');
    generated = accounts.adminPassword;
    if (accounts.adminCreated && !generated)
      console.log(`Created admin ${env.adminEmail} with the password from ADMIN_PASSWORD.`);
  }
  if (generated) {
    console.log(`Admin ${env.adminEmail} has the generated password: ${generated}`);
    console.log('It is shown only this once. Set ADMIN_PASSWORD to choose it yourself.');
  } else if (result.seeded) {
    console.log(`Admin ${env.adminEmail} uses the password from ADMIN_PASSWORD.`);
  }
} finally {
  await handle.close();
  storage.close();
}
