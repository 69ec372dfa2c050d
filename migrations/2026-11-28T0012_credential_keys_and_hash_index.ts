import { sql, SqliteAdapter, type Kysely } from "kysely";

// Each organisation issues its verifiable credentials with its own Ed25519 key, one verification method of the
// deployment's did:web; the deployment's own key (client_id null) signs the status lists (docs/architecture.md §20).
// Secret keys are kept encrypted, like the PDF signing keys. Also: issued documents found by their file's hash.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = isSqlite
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  await db.schema
    .createTable("credential_keys")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("client_id", "integer", (c) => c.references("clients.id"))
    .addColumn("public_key_multibase", "text", (c) => c.notNull())
    .addColumn("secret_key_sealed", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("credential_keys_client_idx").on("credential_keys").column("client_id").unique().execute();
  // A reviewer's batch finds a dropped PDF by its SHA-256 (docs/architecture.md §7).
  await db.schema.createIndex("issued_documents_hash_idx").on("issued_documents").column("document_hash").execute();
  await sql`create unique index credential_keys_service_idx on credential_keys ((client_id is null)) where client_id is null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("issued_documents_hash_idx").execute();
  await db.schema.dropTable("credential_keys").execute();
}
