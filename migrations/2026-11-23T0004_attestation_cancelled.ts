import { sql, SqliteAdapter, type Kysely } from "kysely";

// Attestations (DESIGN 6.4): a beneficiary may cancel a PENDING attestation, so the status gains CANCELLED;
// `secure_plus_enabled` keeps the beneficiary's SecurePlus choice for the attested copy, and `reviewed_at`
// records when staff decided. SQLite cannot change a CHECK constraint in place: the table
// is rebuilt (its documented procedure, foreign keys off while the copy runs); PostgreSQL swaps the constraint.
const STATUSES = sql`status in ('PENDING','APPROVED','REJECTED','CANCELLED')`;
const PREVIOUS = sql`status in ('PENDING','APPROVED','REJECTED')`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table attestations drop constraint if exists attestations_status_check`.execute(db);
    await sql`alter table attestations add constraint attestations_status_check check (${STATUSES})`.execute(db);
    await db.schema.alterTable("attestations").addColumn("secure_plus_enabled", "integer", (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable("attestations").addColumn("reviewed_at", "text").execute();
    return;
  }
  await rebuildSqliteTable(db, STATUSES, true);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`update attestations set status = 'REJECTED' where status = 'CANCELLED'`.execute(db);
    await sql`alter table attestations drop constraint if exists attestations_status_check`.execute(db);
    await sql`alter table attestations add constraint attestations_status_check check (${PREVIOUS})`.execute(db);
    await db.schema.alterTable("attestations").dropColumn("reviewed_at").execute();
    await db.schema.alterTable("attestations").dropColumn("secure_plus_enabled").execute();
    return;
  }
  await sql`update attestations set status = 'REJECTED' where status = 'CANCELLED'`.execute(db);
  await rebuildSqliteTable(db, PREVIOUS, false);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rebuildSqliteTable(db: Kysely<any>, statuses: ReturnType<typeof sql>, withNewColumns: boolean) {
  const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const columns = ["id", "beneficiary_id", "client_id", "document_name", "description", "file_id", "status", "reviewer_id", "review_note", "created_at", "updated_at"];
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      let table = trx.schema
        .createTable("attestations_next")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        .addColumn("beneficiary_id", "integer", (c) => c.notNull().references("users.id"))
        .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id"))
        .addColumn("document_name", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
        .addColumn("file_id", "integer", (c) => c.notNull().references("files.id"))
        .addColumn("status", "text", (c) => c.notNull().defaultTo("PENDING").check(statuses))
        .addColumn("reviewer_id", "integer", (c) => c.references("users.id"))
        .addColumn("review_note", "text")
        .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
        .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now));
      if (withNewColumns) table = table.addColumn("secure_plus_enabled", "integer", (c) => c.notNull().defaultTo(0)).addColumn("reviewed_at", "text");
      await table.execute();
      const list = sql.join(columns.map((column) => sql.ref(column)));
      await sql`insert into attestations_next (${list}) select ${list} from attestations`.execute(trx);
      await trx.schema.dropTable("attestations").execute();
      await trx.schema.alterTable("attestations_next").renameTo("attestations").execute();
      await trx.schema.createIndex("attestations_beneficiary_idx").on("attestations").columns(["beneficiary_id", "id"]).execute();
      await trx.schema.createIndex("attestations_client_idx").on("attestations").columns(["client_id", "status", "id"]).execute();
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`attestations rebuild broke ${broken.rows.length} foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
