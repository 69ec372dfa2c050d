import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { chainHash, type ChainedFields } from "../../app/modules/audit/chain";
import { startOpenSslTsa } from "../../app/test/tsa";
import { openServerDatabase } from "../server-db";
import { spawnServer } from "../spawn-server";

const SIGNING_KEY_SECRET = "audit-verify-signing";

const verify = (databaseUrl: string, checkpointDir: string, ...logs: string[]) => {
  const run = spawnSync("npx", ["tsx", "scripts/audit-verify.ts", ...logs], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SIGNING_KEY_SECRET, AUDIT_CHECKPOINT_DIR: checkpointDir },
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

/**
 * `npm run audit:verify` (docs/architecture.md §22) on a server's database: the chain holds and agrees with the
 * checkpoints the server wrote outside the database (at start and at shutdown, timestamped by OpenSSL's TSA, and in
 * its log). Then, as someone with the database's password could, an event is edited and the whole chain recomputed
 * (plain SHA-256: the key is not in the database): the command says the chain was rewritten.
 */
test("audit:verify finds the chain whole and agreeing with its checkpoints, then a chain edited and recomputed", async () => {
  test.setTimeout(90_000);
  const tsa = await startOpenSslTsa();
  const server = await spawnServer(4376, {
    DEMO_DATA: "on",
    WEB_CONCURRENCY: "1",
    TSA_URL: tsa.url,
    SIGNING_KEY_SECRET,
    LOG_LEVEL: "info",
  });
  server.child.kill("SIGTERM");
  await server.exited;
  await tsa.stop();
  const checkpointDir = `${server.dataDir}/audit-checkpoints`;
  const files = fs
    .readdirSync(checkpointDir)
    .map((name) => JSON.parse(fs.readFileSync(`${checkpointDir}/${name}`, "utf8")));
  expect(files.map((file) => file.reason).sort()).toEqual(["shutdown", "start"]);
  expect(files.every((file) => typeof file.timestamp === "string")).toBe(true);
  const log = `${server.dataDir}/server.log`;
  fs.writeFileSync(log, server.output());
  const whole = verify(server.databaseUrl, checkpointDir, log);
  expect(whole.output).toMatch(
    /The audit trail holds: \d+ events, each chained to the one before, and 4 checkpoints agree/,
  );
  expect(whole.status).toBe(0);

  const db = await openServerDatabase(server.databaseUrl);
  const target = (await db.get<{ id: number }>("SELECT id FROM audit_events ORDER BY id LIMIT 1 OFFSET 7"))!.id;
  const postgres = /^postgres/.test(server.databaseUrl);
  await db.run(
    postgres
      ? "ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_change"
      : "DROP TRIGGER IF EXISTS audit_events_no_update",
  );
  await db.run("UPDATE audit_events SET actor_role = 'SUPER_ADMIN' WHERE id = ?", target);
  const edited = verify(server.databaseUrl, checkpointDir, log);
  expect(edited.status).toBe(1);
  expect(edited.output).toContain(`Audit event ${target} was changed after it was written`);

  // Every hash recomputed from the first event, as the attacker can: a plain chain that holds by itself.
  const rows = await db.all<ChainedFields & { id: number }>("SELECT * FROM audit_events ORDER BY id");
  let previous: string | null = null;
  for (const row of rows) {
    const hash = chainHash(previous, row);
    await db.run("UPDATE audit_events SET previous_hash = ?, hash = ? WHERE id = ?", previous, hash, row.id);
    previous = hash;
  }
  await db.close();
  const recomputed = verify(server.databaseUrl, checkpointDir, log);
  expect(recomputed.status).toBe(1);
  expect(recomputed.output).toContain("was changed after it was written");
  expect(recomputed.output).toContain("no longer carries the hash the checkpoint");
});
