import type { Kysely } from "kysely";

// Rate limits shared by every worker process (DESIGN 5 and 19), and the index the clerk's request list
// counts on (a category's requests within the clerk's client, without reading the table).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", "bigint", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limits_window_idx").on("rate_limits").column("window_start").execute();
  await db.schema
    .createIndex("document_requests_category_client_idx")
    .on("document_requests")
    .columns(["document_category_id", "client_id", "id"])
    .execute();
  await db.schema
    .createIndex("document_requests_category_client_status_idx")
    .on("document_requests")
    .columns(["document_category_id", "client_id", "status", "id"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("document_requests_category_client_status_idx").execute();
  await db.schema.dropIndex("document_requests_category_client_idx").execute();
  await db.schema.dropTable("rate_limits").execute();
}
