// `npm run storage:migrate -- --to s3://BUCKET/PREFIX`: copies every stored file from the store of STORAGE_URL (by
// default the folder ./data/files) to another, checking each against its SHA-256 (docs/decisions/0026). It can run
// while the service serves: set STORAGE_MOVING_TO to the same address on every server first, so new files are written
// to both. It can be run again after an interruption, and a run after a complete one copies nothing.
import { moveFiles } from "../app/modules/files/move.server";
import { openDatabase } from "../app/platform/db/db.server";
import { configuredStoreUrl, storeAt } from "../app/platform/storage/file-store.server";

const at = process.argv.indexOf("--to");
const target = at === -1 ? undefined : process.argv[at + 1];
if (!target) {
  console.error("Usage: npm run storage:migrate -- --to s3://BUCKET/PREFIX (or file:PATH)");
  process.exit(2);
}
const source = configuredStoreUrl();
if (target === source) {
  console.error(`The files are already in ${source}.`);
  process.exit(2);
}
const db = openDatabase(process.env.DATABASE_URL ?? "file:./data/app.db");
try {
  const report = await moveFiles(db, storeAt(source), storeAt(target), ({ copied, present }) =>
    console.log(`${copied} copied, ${present} already there...`),
  );
  for (const { storageKey, problem } of report.problems)
    console.error(
      problem === "missing"
        ? `File ${storageKey} is in neither store: its row names bytes that are gone.`
        : `File ${storageKey} in ${source} does not match its SHA-256: not copied.`,
    );
  console.log(`${report.copied} files copied to ${target} and checked, ${report.present} were there already.`);
  if (report.problems.length > 0) process.exit(1);
  console.log(
    `Every file is in ${target}. Now set STORAGE_URL=${target} on every server, remove STORAGE_MOVING_TO, and restart them.`,
  );
} finally {
  await db.destroy();
}
