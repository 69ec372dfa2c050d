import { sql, SqliteAdapter, type Kysely } from "kysely";

// Long work as jobs (docs/architecture.md §21): a job is a row, and so is each of its items (a bulk issuance's
// lines). Servers claim items in chunks (compare-and-set on `claimed_until`, as the mail outbox does); an item is
// DONE in the transaction of its work, so a server killed mid-job loses nothing and an item is never done twice.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = isSqlite
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  await db.schema
    .createTable("jobs")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("client_id", "integer", (c) => c.references("clients.id"))
    .addColumn("category_id", "integer", (c) => c.references("document_categories.id"))
    .addColumn("created_by", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("RUNNING"))
    .addColumn("total_items", "integer", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("finished_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("jobs_status_idx").on("jobs").columns(["status", "kind"]).execute();
  await db.schema.createIndex("jobs_category_idx").on("jobs").column("category_id").execute();
  await db.schema
    .createTable("job_items")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("job_id", "integer", (c) => c.notNull().references("jobs.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("PENDING"))
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("result", "text")
    .addColumn("error", "text")
    .addColumn("finished_at", "text")
    .addUniqueConstraint("job_items_position_unique", ["job_id", "position"])
    .execute();
  await db.schema.createIndex("job_items_status_idx").on("job_items").columns(["job_id", "status"]).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("job_items").execute();
  await db.schema.dropTable("jobs").execute();
}
