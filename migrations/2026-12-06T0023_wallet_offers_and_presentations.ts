import { sql, SqliteAdapter, type Kysely } from "kysely";

// Documents in the holder's wallet (docs/decisions/0027). A credential offer (OpenID4VCI, pre-authorized code): the
// code and the transaction code are kept sealed so the holder's page can show the offer again while it lives; the
// code's hash finds it; it is redeemed once, for an access token kept as a hash. Nonces for the wallet's proofs are
// single use. A presentation request (OpenID4VP) a verifier made: found by the key of its response address or by
// the key of the verifier's page (both hashed), answered once.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = isSqlite
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  const id = isSqlite ? "integer" : "serial";
  await db.schema
    .createTable("wallet_offers")
    .addColumn("id", id, (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("issued_document_id", "integer", (c) => c.notNull().references("issued_documents.id"))
    .addColumn("created_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("code_hash", "text", (c) => c.notNull().unique())
    .addColumn("offer_sealed", "text", (c) => c.notNull())
    .addColumn("failed_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("redeemed_at", "text")
    .addColumn("access_token_hash", "text", (c) => c.unique())
    .addColumn("access_expires_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("wallet_offers_document_idx")
    .on("wallet_offers")
    .column("issued_document_id")
    .execute();
  await db.schema
    .createTable("wallet_nonces")
    .addColumn("id", id, (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("nonce_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createTable("presentation_requests")
    .addColumn("id", id, (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("response_key_hash", "text", (c) => c.notNull().unique())
    .addColumn("view_key_hash", "text", (c) => c.notNull().unique())
    .addColumn("request_sealed", "text", (c) => c.notNull())
    .addColumn("query_json", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("answered_at", "text")
    .addColumn("result_json", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("presentation_requests").execute();
  await db.schema.dropTable("wallet_nonces").execute();
  await db.schema.dropTable("wallet_offers").execute();
}
