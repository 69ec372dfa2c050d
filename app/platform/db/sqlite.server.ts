import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDialectConfig,
} from "kysely";
import type { Database } from "./schema";
import { timeQueries } from "./query-metrics";
import { setDirectPing } from "./direct-ping";

/**
 * SQLite, the default: one file in WAL mode, shared by the worker processes of one machine. `image`: an
 * in-memory database that starts as a copy of a database file's bytes (the tests start from a seeded one).
 */
export function openSqlite(file: string, image?: Buffer): Kysely<Database> {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(image ?? file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    log: timeQueries,
  });
  const ping = sqlite.prepare("select 1");
  setDirectPing(db, () => void ping.get());
  return db;
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
