import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/platform/db/availability";
import { migrateToLatest, openDatabase, type DB } from "~/platform/db/db.server";
import { verifyCode } from "./service.server";
import { FLUSH_EVERY_MS, flushVerificationEvents } from "./events.server";

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

describe("verification events written after the answer (docs/decisions/0029)", () => {
  let dir = "";
  const handles: DB[] = [];
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const openTwo = async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "attest-deferred-"));
    const url = `file:${path.join(dir, "app.db")}`;
    const first = openDatabase(url);
    await migrateToLatest(first);
    handles.push(first, openDatabase(url));
    return handles;
  };
  const events = (db: DB) =>
    db
      .selectFrom("verification_events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));

  it("records every look-up answered: within the interval, and at once when asked (a clean stop)", async () => {
    const [db] = await openTwo();
    for (let i = 0; i < 10; i++)
      expect(await verifyCode(db, "NO-SUCH-CODE", meta)).toMatchObject({ verdict: "NOT_FOUND" });
    // The reviewer's first look-up was written before its answer; the others wait for the interval.
    expect(await events(db)).toBeLessThan(10);
    await expect.poll(() => events(db), { timeout: FLUSH_EVERY_MS * 10 }).toBe(10);
    for (let i = 0; i < 5; i++) await verifyCode(db, "NO-SUCH-CODE", meta);
    await flushVerificationEvents();
    expect(await events(db)).toBe(15);
  });

  it("keeps a reviewer's limit across processes, and records only what it let through", async () => {
    // Two handles on one database stand for two processes: each knows only its own waiting hits.
    const [one, two] = await openTwo();
    const limited = { ...meta, ip: "10.7.7.7", rateLimit: 20 };
    let answered = 0;
    for (let i = 0; i < 40; i++) {
      const result = await verifyCode(i % 2 ? two : one, "NO-SUCH-CODE", limited);
      if (result !== "rate-limited") answered += 1;
    }
    expect(answered).toBeGreaterThanOrEqual(20);
    expect(answered).toBeLessThanOrEqual(20 + 10);
    expect(await verifyCode(one, "NO-SUCH-CODE", limited)).toBe("rate-limited");
    await flushVerificationEvents();
    expect(await events(one)).toBe(answered);
  });
});
