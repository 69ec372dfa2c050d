import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CompiledQuery, Kysely, Migrator, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDialectConfig } from "kysely";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export type DB = Kysely<Database>;

/**
 * The SQLite file of DATABASE_URL: `file:./data/app.db`, a plain path, or `:memory:`. Any other scheme is
 * refused, rather than taken for a folder name (`postgres://host/db` used to create a folder `postgres:`).
 */
export function databasePath(url = process.env.DATABASE_URL ?? "file:./data/app.db"): string {
  if (url.startsWith("file:")) return url.slice("file:".length);
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(url)?.[1];
  if (scheme && !/^[a-z]$/i.test(scheme)) {
    throw new Error(
      /^postgres(ql)?$/i.test(scheme)
        ? "DATABASE_URL: PostgreSQL is not supported by this version yet (issue 17). Use a file: URL (SQLite), e.g. DATABASE_URL=file:./data/app.db."
        : `DATABASE_URL: the scheme "${scheme}:" is not supported. Use a file: URL (SQLite), e.g. DATABASE_URL=file:./data/app.db.`,
    );
  }
  return url;
}

export function openDatabase(url?: string): DB {
  const file = databasePath(url);
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Kysely prepares every query anew; the app runs a few dozen distinct statements, so keep them prepared
 * (a measurable share of each request's time under load).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= 500) statements.clear();
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") console.error(`migration ${result.migrationName} failed`);
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
  await db.executeQuery(PING);
}

/**
 * Write transactions take the write lock when they begin (BEGIN IMMEDIATE): with several worker
 * processes, a transaction that read first and then writes would otherwise fail at once with
 * SQLITE_BUSY when another process wrote in between, instead of waiting for busy_timeout.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#config);
  }
}
