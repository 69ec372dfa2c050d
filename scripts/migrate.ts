// `npm run db:migrate`: applies pending migrations to DATABASE_URL (on PostgreSQL under the servers' start-up lock).
import { closeDb, getDb, migrateToLatest, underStartupLock } from "../app/platform/db/db.server";

const db = getDb();
await underStartupLock(db, () => migrateToLatest(db));
console.log("Migrations applied.");
await closeDb();
