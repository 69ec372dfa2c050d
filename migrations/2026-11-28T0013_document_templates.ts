import { sql, SqliteAdapter, type Kysely } from "kysely";

// A document category's template (docs/architecture.md §21): the page, the organisation's logo and signature
// images, and a title and body in both languages with placeholders. One per category.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = isSqlite
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  await db.schema
    .createTable("document_templates")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("category_id", "integer", (c) => c.notNull().unique().references("document_categories.id"))
    .addColumn("page_size", "text", (c) => c.notNull().defaultTo("A4"))
    .addColumn("orientation", "text", (c) => c.notNull().defaultTo("PORTRAIT"))
    .addColumn("logo_file_id", "integer", (c) => c.references("files.id"))
    .addColumn("signature_file_id", "integer", (c) => c.references("files.id"))
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_ar", "text", (c) => c.notNull())
    .addColumn("body_en", "text", (c) => c.notNull())
    .addColumn("body_ar", "text", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id"))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("document_templates").execute();
}
