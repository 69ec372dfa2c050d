import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { openServerDatabase } from "../server-db";
import { spawnServer } from "../spawn-server";

const verify = (databaseUrl: string) => {
  const run = spawnSync("npx", ["tsx", "scripts/audit-verify.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

/**
 * `npm run audit:verify` (docs/architecture.md §22) on a server's database: the chain holds; then an event is edited
 * straight in the database, its append-only trigger lifted as someone with the database's password could, and the
 * command names it.
 */
test("audit:verify finds the chain whole, then names the event edited in the database", async () => {
  test.setTimeout(90_000);
  const server = await spawnServer(4376, { DEMO_DATA: "on", WEB_CONCURRENCY: "1" });
  server.child.kill("SIGTERM");
  await server.exited;
  const whole = verify(server.databaseUrl);
  expect(whole.output).toMatch(/The audit trail holds: \d+ events/);
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
  await db.close();
  const edited = verify(server.databaseUrl);
  expect(edited.status).toBe(1);
  expect(edited.output).toContain(`Audit event ${target} was changed after it was written`);
});
