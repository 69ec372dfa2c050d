// A job runner of its own process, for `npm run bench:cluster` (scripts/bench-cluster.ts): it loads the app, says
// "ready", waits for a line on its standard input, then runs job chunks until none is left, as a server's worker does.
import readline from "node:readline";
import { openDatabase, setDb } from "../app/platform/db/db.server";
import { bulkIssuance } from "../app/modules/bulk/job.server";
import { runJobChunk } from "../app/platform/jobs/runner.server";

const db = openDatabase(process.env.DATABASE_URL);
setDb(db);
console.log("ready");
await new Promise((resolve) => readline.createInterface({ input: process.stdin }).once("line", resolve));
while ((await runJobChunk(db, [bulkIssuance as never], `bench-runner-${process.pid}`)) > 0);
await db.destroy();
process.exit(0);
