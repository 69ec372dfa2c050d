import { sql, SqliteAdapter, type Kysely } from "kysely";

// Webhooks (docs/decisions/0019): an organisation's endpoints, and an outbox of deliveries written in the
// transaction of the change they tell of (as mail is), sent with retries by one sender per server.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = isSqlite
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  const id = isSqlite ? "integer" : "serial";
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", id, (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id"))
    .addColumn("url", "text", (c) => c.notNull())
    // JSON list of event types.
    .addColumn("events", "text", (c) => c.notNull())
    // The signing secret, sealed with SIGNING_KEY_SECRET (AES-256-GCM), shown to the admin once.
    .addColumn("secret_sealed", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("ACTIVE"))
    .addColumn("failing_since", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("webhook_endpoints_client_idx").on("webhook_endpoints").column("client_id").execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", id, (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("endpoint_id", "integer", (c) => c.notNull().references("webhook_endpoints.id").onDelete("cascade"))
    .addColumn("message_id", "text", (c) => c.notNull().unique())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("PENDING"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("last_attempt_at", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_duration_ms", "integer")
    .addColumn("last_error", "text")
    .addColumn("delivered_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due_idx")
    .on("webhook_deliveries")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_endpoint_idx")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "id"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_endpoints").execute();
}
