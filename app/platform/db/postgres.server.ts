import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type PostgresDialectConfig,
} from "kysely";
import pg from "pg";
import type { Database } from "./schema";
import { logger } from "~/platform/log/logger.server";
import { timeQueries } from "./query-metrics";
import { statementNameOf } from "./prepared.server";

const INT8 = 20;
const NUMERIC = 1700;
/**
 * The app's whole-database write lock (any constant; see WRITE_LOCK below). Kysely's migrator uses
 * another key for its own lock.
 */
const WRITE_LOCK_KEY = 7_402_619;

/**
 * PostgreSQL, for several app servers sharing one database (docs/architecture.md §19). `count(*)` and bigint columns
 * come back as numbers, as on SQLite (they stay far below 2^53 here).
 */
export function openPostgres(
  url: string,
  poolSize = Number(process.env.DATABASE_POOL_SIZE) || 10,
  connectTimeoutMs = 10_000,
): Kysely<Database> {
  const types = {
    getTypeParser: (oid: number, format?: "text" | "binary") =>
      oid === INT8 || oid === NUMERIC ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format),
  };
  // A database host that does not answer fails a request after connectTimeoutMs (a 503), rather than holding it
  // for the operating system's TCP timeout (about two minutes).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types,
    application_name: "attestation-service",
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // A connection the server dropped (restart, failover, shutdown) must not crash the process. The pool hears an
  // idle one's error (and passes it on as its own) and replaces it; a checked-out one (a transaction between two
  // statements) has no listener of the pool's, so each connection gets its own for its whole life, which logs
  // every drop once: the transaction then fails (a 503) and the pool, finding the connection unusable when it
  // comes back, drops it.
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.warn({ reason: error.message }, "PostgreSQL connection dropped"));
    keepPreparedQueriesPrepared(client);
  });
  pool.on("error", () => {});
  return new Kysely<Database>({ dialect: new SerializedPostgresDialect({ pool }), log: timeQueries });
}

/**
 * The prepared queries (prepared.server.ts) go as named statements: PostgreSQL parses and plans an unnamed one on
 * every call, and the request page's one query of seven lists took 1.1-1.5 ms to plan against 0.4 ms to run, on the
 * cores the app shares (docs/architecture.md §11). A named one is parsed once per connection, and after five calls
 * PostgreSQL keeps a generic plan when it costs no more than the custom ones.
 */
function keepPreparedQueriesPrepared(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values: unknown, ...rest: unknown[]) => {
    const name = typeof text === "string" && Array.isArray(values) ? statementNameOf(text) : undefined;
    return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
  }) as typeof client.query;
}

/**
 * Write transactions run one at a time across every server, as SQLite's BEGIN IMMEDIATE makes them on
 * one machine: each takes a transaction-scoped advisory lock when it begins. The services read, check
 * and then write inside a transaction (a request's status, a draft's step); under PostgreSQL's READ
 * COMMITTED two such transactions could otherwise both pass the check. Reads outside transactions
 * and single-statement writes do not take the lock. See docs/decisions/0013.
 */
const WRITE_LOCK = CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITE_LOCK_KEY})`);

class SerializedPostgresDriver extends PostgresDriver {
  override async beginTransaction(
    connection: DatabaseConnection,
    settings: Parameters<PostgresDriver["beginTransaction"]>[1],
  ): Promise<void> {
    await super.beginTransaction(connection, settings);
    await connection.executeQuery(WRITE_LOCK);
  }
}

class SerializedPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new SerializedPostgresDriver(this.#config);
  }
}
