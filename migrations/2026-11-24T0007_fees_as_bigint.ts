import { PostgresAdapter, sql, type Kysely } from "kysely";

// Fees are kept in minor units, up to 999,999,999.999 (catalogue schema): past PostgreSQL's 32-bit
// `integer`. SQLite's integers are 64-bit already, so this changes PostgreSQL only.
const TABLES = ["client_categories", "document_categories"];

// A migration is frozen once landed, so it reads nothing of the app's code (which moves on): the dialect
// is asked here, as app/db/dialect.ts does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) await sql`alter table ${sql.table(table)} alter column fee type bigint`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) await sql`alter table ${sql.table(table)} alter column fee type integer`.execute(db);
}
