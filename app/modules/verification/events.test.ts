import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/platform/db/availability";
import { migrateToLatest, openDatabase, type DB } from "~/platform/db/db.server";
import { verifyCode } from "./service.server";

const meta = { ip: "10.9.9.9", userAgent: "test", rateLimit: 100 };

describe("verification look-ups after a failed commit", () => {
  let dir = "";
  let db: DB | undefined;
  afterEach(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answer again once the database takes writes again, instead of repeating the old failure", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "attest-lookups-"));
    const file = path.join(dir, "app.db");
    db = openDatabase(`file:${file}`);
    await migrateToLatest(db);
    await sql`pragma busy_timeout = 20`.execute(db);
    // Another process holds SQLite's write lock past the busy timeout: the look-up's commit cannot begin.
    const other = new SQLite(file);
    other.exec("begin immediate");
    const failed = await verifyCode(db, "NO-SUCH-CODE", meta).then(
      () => expect.fail("the look-up should have failed while the write lock was held"),
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failed)).toBe(true);
    other.exec("rollback");
    other.close();

    const answered = await verifyCode(db, "NO-SUCH-CODE", meta);
    expect(answered).toMatchObject({ verdict: "NOT_FOUND" });
    expect(await db.selectFrom("verification_events").select(["outcome", "ip_hash"]).execute()).toEqual([
      { outcome: "NOT_FOUND", ip_hash: expect.any(String) },
    ]);
  });
});
