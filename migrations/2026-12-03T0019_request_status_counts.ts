import { sql, SqliteAdapter, type Kysely } from "kysely";

// Requests counted by organisation and status without counting them (docs/decisions/0021): every change to a
// request's status or organisation appends deltas (a trigger, so no write can forget it), a page adds the deltas to
// the last roll-up, and the primary rolls the deltas up. A delta row is only ever inserted, so two transactions that
// change statuses never wait for each other on a counter row (on PostgreSQL, opposite orders would deadlock).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("request_status_counts")
    .addColumn("client_id", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("request_status_counts_pk", ["client_id", "status"])
    .execute();
  await db.schema
    .createTable("request_status_deltas")
    .addColumn("id", isSqlite ? "integer" : "bigserial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("client_id", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("change", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("request_status_deltas_client_idx")
    .on("request_status_deltas")
    .columns(["client_id", "status"])
    .execute();
  await sql`INSERT INTO request_status_counts (client_id, status, n)
    SELECT client_id, status, count(*) FROM document_requests GROUP BY client_id, status`.execute(db);

  if (isSqlite) {
    await sql`CREATE TRIGGER document_requests_count_insert AFTER INSERT ON document_requests BEGIN
      INSERT INTO request_status_deltas (client_id, status, change) VALUES (NEW.client_id, NEW.status, 1); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER document_requests_count_update AFTER UPDATE OF status, client_id ON document_requests
      WHEN OLD.status IS NOT NEW.status OR OLD.client_id IS NOT NEW.client_id BEGIN
      INSERT INTO request_status_deltas (client_id, status, change)
        VALUES (OLD.client_id, OLD.status, -1), (NEW.client_id, NEW.status, 1); END`.execute(db);
    await sql`CREATE TRIGGER document_requests_count_delete AFTER DELETE ON document_requests BEGIN
      INSERT INTO request_status_deltas (client_id, status, change) VALUES (OLD.client_id, OLD.status, -1); END`.execute(
      db,
    );
  } else {
    await sql`CREATE FUNCTION request_status_delta() RETURNS trigger AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO request_status_deltas (client_id, status, change) VALUES (OLD.client_id, OLD.status, -1);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO request_status_deltas (client_id, status, change) VALUES (NEW.client_id, NEW.status, 1);
        END IF;
        RETURN NULL;
      END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER document_requests_count_insert_delete AFTER INSERT OR DELETE ON document_requests
      FOR EACH ROW EXECUTE FUNCTION request_status_delta()`.execute(db);
    await sql`CREATE TRIGGER document_requests_count_update AFTER UPDATE OF status, client_id ON document_requests
      FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.client_id IS DISTINCT FROM NEW.client_id)
      EXECUTE FUNCTION request_status_delta()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (isSqlite) {
    for (const name of ["insert", "update", "delete"])
      await sql`DROP TRIGGER ${sql.raw(`document_requests_count_${name}`)}`.execute(db);
  } else {
    await sql`DROP TRIGGER document_requests_count_insert_delete ON document_requests`.execute(db);
    await sql`DROP TRIGGER document_requests_count_update ON document_requests`.execute(db);
    await sql`DROP FUNCTION request_status_delta()`.execute(db);
  }
  await db.schema.dropTable("request_status_deltas").execute();
  await db.schema.dropTable("request_status_counts").execute();
}
