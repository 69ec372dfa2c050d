// `npm run audit:verify [-- LOG_FILE...]`: walks the audit trail's keyed hash chain (docs/architecture.md §22) in the
// database of DATABASE_URL, names the first event that was changed or whose predecessor was removed, and checks the
// chain against its checkpoints (the files of AUDIT_CHECKPOINT_DIR, and the checkpoint lines of the log files
// given): an event a checkpoint recorded must still carry the hash it had. Exits 1 on any break.
import { openDatabase } from "../app/platform/db/db.server";
import { readAuditCheckpoints } from "../app/modules/audit/checkpoints.server";
import { verifyAuditChain } from "../app/modules/audit/service.server";
import { env } from "../app/platform/env.server";

const { checkpoints, problems } = readAuditCheckpoints({ dir: env.auditCheckpointDir, logs: process.argv.slice(2) });
const db = openDatabase(process.env.DATABASE_URL ?? "file:./data/app.db");
const { checked, broken, checkpoints: disagreeing } = await verifyAuditChain(db, checkpoints);
await db.destroy();

for (const problem of problems) console.error(`Checkpoint ${problem}.`);
for (const { checkpoint, found } of disagreeing)
  console.error(
    found === null
      ? `Audit event ${checkpoint.id}, recorded by the checkpoint ${checkpoint.source}, is no longer there.`
      : `Audit event ${checkpoint.id} no longer carries the hash the checkpoint ${checkpoint.source} recorded: the chain was rewritten.`,
  );
if (broken)
  console.error(
    broken.reason === "changed"
      ? `Audit event ${broken.id} was changed after it was written (its hash no longer matches). ${checked} events before it hold.`
      : `An audit event before event ${broken.id} was removed (event ${broken.id} names a predecessor that is not there). ${checked} events before it hold.`,
  );
if (broken || disagreeing.length > 0 || problems.length > 0) process.exit(1);
console.log(
  `The audit trail holds: ${checked} events, each chained to the one before, and ${checkpoints.length} checkpoint${checkpoints.length === 1 ? "" : "s"} agree.`,
);
