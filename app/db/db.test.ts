import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { databasePath, migrateToLatest, openDatabase } from "./db.server";
import { migrations } from "./migrations";

describe("database connection", () => {
  it("takes a file: URL, a plain path or :memory:, and refuses any other scheme instead of making a folder of it", () => {
    expect(databasePath("file:./data/app.db")).toBe("./data/app.db");
    expect(databasePath("/var/lib/app.db")).toBe("/var/lib/app.db");
    expect(databasePath(":memory:")).toBe(":memory:");
    expect(() => databasePath("postgres://user:pass@db.example:5432/app")).toThrow(/PostgreSQL is not supported by this version yet.*file:/);
    expect(() => databasePath("mysql://db.example/app")).toThrow(/"mysql:" is not supported/);
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "attest-scheme-"));
    expect(() => openDatabase(`postgres://${cwd}/app`)).toThrow();
    expect(fs.readdirSync(cwd)).toEqual([]);
  });

  it("opens SQLite with WAL, foreign keys, synchronous=FULL and a busy timeout, and migrates idempotently", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attest-db-"));
    const db = openDatabase(`file:${path.join(dir, "nested", "app.db")}`);
    const pragma = async (name: string) => Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("foreign_keys")).toBe(1);
    expect(await pragma("synchronous")).toBe(2);
    expect(await pragma("busy_timeout")).toBe(5000);
    await migrateToLatest(db);
    await migrateToLatest(db);
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations));
    await db.destroy();
  });
});
