import { sql, SqliteAdapter, type Kysely } from "kysely";
import * as byOrganisation from "./2026-12-03T0019_request_status_counts";

// The kept request counts (docs/decisions/0021) by category too, not only by organisation and status: a category's
// list read its total by counting its requests, 0.7 ms of each page at 100,000 requests (16,668 in the category),
// the largest part of its database time (docs/decisions/0030). The tables of migration 0019 are made again with the
// category in their key, from the requests already there; an organisation's counts are the sum of its categories'.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await byOrganisation.down(db);
  await db.schema
    .createTable("request_status_counts")
    .addColumn("client_id", "integer", (c) => c.notNull())
    .addColumn("document_category_id", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("request_status_counts_pk", ["client_id", "document_category_id", "status"])
    .execute();
  await db.schema
    .createIndex("request_status_counts_category_idx")
    .on("request_status_counts")
    .columns(["document_category_id", "status"])
    .execute();
  await db.schema
    .createTable("request_status_deltas")
    .addColumn("id", isSqlite ? "integer" : "bigserial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("client_id", "integer", (c) => c.notNull())
    .addColumn("document_category_id", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("change", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("request_status_deltas_client_idx")
    .on("request_status_deltas")
    .columns(["client_id", "status"])
    .execute();
  await db.schema
    .createIndex("request_status_deltas_category_idx")
    .on("request_status_deltas")
    .columns(["document_category_id", "status"])
    .execute();
  await sql`INSERT INTO request_status_counts (client_id, document_category_id, status, n)
    SELECT client_id, document_category_id, status, count(*) FROM document_requests
    GROUP BY client_id, document_category_id, status`.execute(db);

  if (isSqlite) {
    await sql`CREATE TRIGGER document_requests_count_insert AFTER INSERT ON document_requests BEGIN
      INSERT INTO request_status_deltas (client_id, document_category_id, status, change)
        VALUES (NEW.client_id, NEW.document_category_id, NEW.status, 1); END`.execute(db);
    await sql`CREATE TRIGGER document_requests_count_update
      AFTER UPDATE OF status, client_id, document_category_id ON document_requests
      WHEN OLD.status IS NOT NEW.status OR OLD.client_id IS NOT NEW.client_id
        OR OLD.document_category_id IS NOT NEW.document_category_id BEGIN
      INSERT INTO request_status_deltas (client_id, document_category_id, status, change)
        VALUES (OLD.client_id, OLD.document_category_id, OLD.status, -1),
               (NEW.client_id, NEW.document_category_id, NEW.status, 1); END`.execute(db);
    await sql`CREATE TRIGGER document_requests_count_delete AFTER DELETE ON document_requests BEGIN
      INSERT INTO request_status_deltas (client_id, document_category_id, status, change)
        VALUES (OLD.client_id, OLD.document_category_id, OLD.status, -1); END`.execute(db);
  } else {
    await sql`CREATE FUNCTION request_status_delta() RETURNS trigger AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO request_status_deltas (client_id, document_category_id, status, change)
            VALUES (OLD.client_id, OLD.document_category_id, OLD.status, -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO request_status_deltas (client_id, document_category_id, status, change)
            VALUES (NEW.client_id, NEW.document_category_id, NEW.status, 1);
        END IF;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER document_requests_count_insert_delete AFTER INSERT OR DELETE ON document_requests
      FOR EACH ROW EXECUTE FUNCTION request_status_delta()`.execute(db);
    await sql`CREATE TRIGGER document_requests_count_update
      AFTER UPDATE OF status, client_id, document_category_id ON document_requests
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.client_id IS DISTINCT FROM NEW.client_id
        OR OLD.document_category_id IS DISTINCT FROM NEW.document_category_id)
      EXECUTE FUNCTION request_status_delta()`.execute(db);
  }
}

/** Back to migration 0019's counts by organisation and status, made again from the requests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // The same triggers, function and tables as 0019's, with a column more: its own down drops them.
  await byOrganisation.down(db);
  await byOrganisation.up(db);
}
