// `npm run db:seed`: migrates, then seeds the demo data into an empty database.
import { closeDb, getDb, migrateToLatest, underStartupLock } from "../app/platform/db/db.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from "../app/modules/demo/seed.server";

const db = getDb();
const seeded = await underStartupLock(db, async () => {
  await migrateToLatest(db);
  if (!(await isDatabaseEmpty(db))) return false;
  await seedDemoData(db);
  return true;
});
if (seeded) {
  console.log(`Demo data seeded. Accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email} (${account.role})`);
} else {
  console.log("The database already has users: nothing seeded.");
}
await closeDb();
