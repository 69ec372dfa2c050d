// `npm run audit:verify`: walks the audit trail's hash chain (docs/architecture.md §22) in the database of
// DATABASE_URL and names the first event that was changed, or the first whose predecessor was removed. Exits 1 then.
import { openDatabase } from "../app/db/db.server";
import { verifyAuditChain } from "../app/modules/audit/service.server";

const db = openDatabase(process.env.DATABASE_URL ?? "file:./data/app.db");
const { checked, broken } = await verifyAuditChain(db);
await db.destroy();
if (!broken) {
  console.log(`The audit trail holds: ${checked} events, each chained to the one before.`);
  process.exit(0);
}
console.error(
  broken.reason === "changed"
    ? `Audit event ${broken.id} was changed after it was written (its hash no longer matches). ${checked} events before it hold.`
    : `An audit event before event ${broken.id} was removed (event ${broken.id} names a predecessor that is not there). ${checked} events before it hold.`,
);
process.exit(1);
