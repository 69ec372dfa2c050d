// `npm run db:migrate`: applies pending migrations to DATABASE_URL.
import { closeDb, getDb, migrateToLatest } from "../app/db/db.server";

await migrateToLatest(getDb());
console.log("Migrations applied.");
await closeDb();
