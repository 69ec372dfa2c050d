// `npm run admin:create -- --email admin@org.example --password '...' [--first Name --last Name]`
// Creates a SUPER_ADMIN for a real deployment (DEMO_DATA=off).
import { parseArgs } from "node:util";
import { closeDb, getDb, migrateToLatest } from "../app/platform/db/db.server";
import { createSuperAdmin } from "../app/modules/users/service.server";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    first: { type: "string", default: "Super" },
    last: { type: "string", default: "Admin" },
  },
});

const db = getDb();
await migrateToLatest(db);
const result = await createSuperAdmin(db, {
  email: values.email ?? "",
  password: values.password ?? "",
  firstName: values.first!,
  lastName: values.last!,
});
await closeDb();
if (!result.ok) {
  console.error(result.error);
  process.exit(1);
}
console.log(`Super admin ${values.email} created (id ${result.id}).`);
