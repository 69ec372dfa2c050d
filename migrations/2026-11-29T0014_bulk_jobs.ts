import { sql, SqliteAdapter, type Kysely } from "kysely";

// Bulk issuance (docs/architecture.md §21): a job is a row, and so is each line of its file. Servers claim rows in
// chunks (compare-and-set on `claimed_until`, as the mail outbox does); a row becomes DONE in the transaction that
// issues its document, so a server killed mid-job loses nothing and a row is never issued twice.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = isSqlite
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  await db.schema
    .createTable("bulk_jobs")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("document_categories.id"))
    .addColumn("created_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("RUNNING"))
    .addColumn("total_rows", "integer", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("finished_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("bulk_jobs_status_idx").on("bulk_jobs").column("status").execute();
  await db.schema
    .createTable("bulk_job_rows")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("job_id", "integer", (c) => c.notNull().references("bulk_jobs.id"))
    .addColumn("row_number", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("PENDING"))
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("request_id", "integer", (c) => c.references("document_requests.id"))
    .addColumn("issued_document_id", "integer", (c) => c.references("issued_documents.id"))
    .addColumn("verification_code", "text")
    .addColumn("error", "text")
    .addColumn("finished_at", "text")
    .addUniqueConstraint("bulk_job_rows_row_unique", ["job_id", "row_number"])
    .execute();
  await db.schema.createIndex("bulk_job_rows_status_idx").on("bulk_job_rows").columns(["job_id", "status"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bulk_job_rows").execute();
  await db.schema.dropTable("bulk_jobs").execute();
}
