import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { databaseTarget, migrateToLatest, openDatabase } from "./db.server";
import { containsText, isPostgres } from "./dialect";
import { createTestDb, createUser, onPostgres } from "~/test/db";
import { migrations } from "./migrations";

describe("database connection", () => {
  it("takes SQLite from a file: URL, a plain path or :memory:, PostgreSQL from a postgres:// URL, and refuses any other scheme naming the two", async () => {
    expect(databaseTarget("file:./data/app.db")).toEqual({ kind: "sqlite", file: "./data/app.db" });
    expect(databaseTarget("/var/lib/app.db")).toEqual({ kind: "sqlite", file: "/var/lib/app.db" });
    expect(databaseTarget(":memory:")).toEqual({ kind: "sqlite", file: ":memory:" });
    expect(databaseTarget("postgres://user:pass@db.example:5432/app")).toEqual({
      kind: "postgres",
      url: "postgres://user:pass@db.example:5432/app",
    });
    expect(databaseTarget("postgresql://db.example/app").kind).toBe("postgres");
    expect(() => databaseTarget("mysql://db.example/app")).toThrow(/"mysql:" is not supported.*file:.*postgres:\/\//);
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "attest-scheme-"));
    expect(() => openDatabase(`mysql://${cwd}/app`)).toThrow();
    expect(fs.readdirSync(cwd)).toEqual([]);
    const postgres = openDatabase("postgres://nobody@127.0.0.1:1/none");
    expect(isPostgres(postgres)).toBe(true);
    await postgres.destroy();
  });

  it("opens SQLite with WAL, foreign keys, synchronous=FULL and a busy timeout, and migrates idempotently", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attest-db-"));
    const db = openDatabase(`file:${path.join(dir, "nested", "app.db")}`);
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];
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

  it(`behaves the same on ${onPostgres ? "PostgreSQL" : "SQLite"}: integer ids, ISO-8601 UTC defaults, counts as numbers, case-insensitive search with literal % and _`, async () => {
    const db = await createTestDb();
    const id = await createUser(db, { email: "Mixed.Case_50%@example.com" });
    const row = await db
      .selectFrom("users")
      .select(["id", "created_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(typeof row.id).toBe("number");
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(row.created_at) - Date.now())).toBeLessThan(60_000);
    const counted = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(counted.n).toBe(1);
    await createUser(db, { email: "mixedXcase_500@example.com" });
    const found = async (q: string) =>
      (
        await db
          .selectFrom("users")
          .select("email")
          .where((eb) => containsText(eb, "email", q))
          .orderBy("id")
          .execute()
      ).map((user) => user.email);
    // Emails are kept lower-case; the search ignores the case of what is typed.
    expect(await found("MIXED.case")).toEqual(["mixed.case_50%@example.com"]);
    expect(await found("_50%")).toEqual(["mixed.case_50%@example.com"]);
    expect(await found("E_5")).toEqual(["mixed.case_50%@example.com", "mixedxcase_500@example.com"]);
    expect(await found("d_c")).toEqual([]); // "_" is not any character: neither "d.c" nor "dxc" matches
    expect(await found("\\")).toEqual([]);
    expect(isPostgres(db)).toBe(onPostgres);
  });
});
