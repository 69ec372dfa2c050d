import { sql, SqliteAdapter, type Kysely } from "kysely";

// Each organisation signs its documents with its own key and certificate; the deployment's certificate
// authority (client_id null) issues them (docs/architecture.md §20). Private keys are kept encrypted.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = isSqlite
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  await db.schema
    .createTable("signing_credentials")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("client_id", "integer", (c) => c.references("clients.id"))
    .addColumn("certificate_pem", "text", (c) => c.notNull())
    .addColumn("private_key_sealed", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  // One authority, and one key per organisation.
  await db.schema
    .createIndex("signing_credentials_client_idx")
    .on("signing_credentials")
    .column("client_id")
    .unique()
    .execute();
  await sql`create unique index signing_credentials_authority_idx on signing_credentials ((client_id is null)) where client_id is null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("signing_credentials").execute();
}
