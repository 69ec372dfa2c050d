import { CompiledQuery, Migrator, sql, type Kysely } from "kysely";
import { isPostgres } from "./dialect";
import { migrations } from "./migrations";
import { openPostgres } from "./postgres.server";
import type { Database } from "./schema";
import { openSqlite } from "./sqlite.server";
import { directPingOf } from "./direct-ping";
import { logger } from "~/platform/log/logger.server";

export type DB = Kysely<Database>;

export type DatabaseTarget = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };

/**
 * What DATABASE_URL points at: SQLite for `file:./data/app.db`, a plain path or `:memory:` (the default);
 * PostgreSQL for `postgres://` or `postgresql://` URLs. Any other scheme is refused, rather than taken
 * for a folder name (`mysql://host/db` would otherwise create a folder `mysql:`).
 */
export function databaseTarget(url = process.env.DATABASE_URL ?? "file:./data/app.db"): DatabaseTarget {
  if (url.startsWith("file:")) return { kind: "sqlite", file: url.slice("file:".length) };
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(url)?.[1];
  if (scheme && /^postgres(ql)?$/i.test(scheme)) return { kind: "postgres", url };
  if (scheme && !/^[a-z]$/i.test(scheme)) {
    throw new Error(
      `DATABASE_URL: the scheme "${scheme}:" is not supported. Use a file: URL for SQLite (DATABASE_URL=file:./data/app.db) or a postgres:// URL for PostgreSQL (DATABASE_URL=postgres://user:password@host:5432/database).`,
    );
  }
  return { kind: "sqlite", file: url };
}

export function openDatabase(url?: string): DB {
  const target = databaseTarget(url);
  return target.kind === "postgres" ? openPostgres(target.url) : openSqlite(target.file);
}

/** One key for the start-up lock (migrations, demo data), whichever server takes it first. */
const STARTUP_LOCK_KEY = 7_402_620;

/**
 * Runs `work` (migrations, demo data) while holding a lock that every server of one PostgreSQL database
 * takes at start, so two servers starting together do not both migrate or both seed: the second waits,
 * then finds the work done. On SQLite only the primary process of one machine starts up: no lock needed.
 */
export async function underStartupLock<T>(db: DB, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(connection);
    }
  });
}

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") logger.error({ migration: result.migrationName }, "migration failed");
  }
  if (error) throw error;
}

const holder = globalThis as unknown as { __db?: DB };

/** The process-wide database (tests swap it with `setDb`). */
export function getDb(): DB {
  holder.__db ??= openDatabase();
  return holder.__db;
}

export function setDb(db: DB | undefined): void {
  holder.__db = db;
}

export async function closeDb(): Promise<void> {
  const db = holder.__db;
  holder.__db = undefined;
  await db?.destroy();
}

/** The health check's round trip to the database. */
const PING = CompiledQuery.raw("select 1"); // compiled once: the health check runs often

export async function pingDatabase(db: DB) {
  const direct = directPingOf(db);
  if (direct) return direct();
  await db.executeQuery(PING);
}
