import { sql, SqliteAdapter, type Kysely } from "kysely";

// Creates every table of DESIGN section 5. Immutable once landed: change the schema with a new migration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite by default; the PostgreSQL branches keep the schema portable (DESIGN section 5).
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const now = isSqlite
    ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
    : sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;

  await db.schema
    .createTable("users")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) =>
      c.notNull().check(sql`role in ('SUPER_ADMIN','SERVICE_ADMIN','CLIENT_ADMIN','CLERK','BENEFICIARY')`),
    )
    .addColumn("first_name_en", "text", (c) => c.notNull())
    .addColumn("first_name_ar", "text", (c) => c.notNull())
    .addColumn("middle_name_en", "text")
    .addColumn("middle_name_ar", "text")
    .addColumn("father_name_en", "text")
    .addColumn("father_name_ar", "text")
    .addColumn("last_name_en", "text", (c) => c.notNull())
    .addColumn("last_name_ar", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("nin", "text")
    .addColumn("sincera", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("ACTIVE").check(sql`status in ('ACTIVE','INACTIVE')`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("users_role_idx").on("users").columns(["role", "id"]).execute();
  await db.schema.createIndex("users_nin_idx").on("users").column("nin").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("WEB").check(sql`kind in ('WEB','API')`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("client_categories")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("name_ar", "text", (c) => c.notNull())
    .addColumn("description_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description_ar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fee", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("validity_period_days", "integer", (c) => c.notNull())
    // Optional (DESIGN 14): a category classifies clients; the link back is informational only.
    .addColumn("client_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("clients")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("name_ar", "text", (c) => c.notNull())
    .addColumn("address", "text")
    .addColumn("can_do_sincera", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("can_do_attestation", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("client_category_id", "integer", (c) => c.notNull().references("client_categories.id"))
    .addColumn("client_admin_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("clients_category_idx").on("clients").column("client_category_id").execute();

  await db.schema
    .createTable("client_admins")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("user_id", "integer", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
    .addColumn("client_id", "integer", (c) => c.references("clients.id"))
    .addColumn("job_title", "text", (c) => c.notNull())
    .addColumn("permissions", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("can_do_attestation", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("client_admins_client_idx").on("client_admins").column("client_id").execute();

  await db.schema
    .createTable("clerks")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("user_id", "integer", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id"))
    .addColumn("job_title", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("clerks_client_idx").on("clerks").column("client_id").execute();

  await db.schema
    .createTable("document_categories")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id"))
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("name_ar", "text", (c) => c.notNull())
    .addColumn("description_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description_ar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("fee", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("validity_period_days", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("document_categories_client_idx").on("document_categories").columns(["client_id", "id"]).execute();

  await db.schema
    .createTable("document_required_fields")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("document_category_id", "integer", (c) =>
      c.notNull().references("document_categories.id").onDelete("cascade"),
    )
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("name_ar", "text", (c) => c.notNull())
    .addColumn("field_name", "text", (c) => c.notNull())
    .addColumn("field_type", "text", (c) => c.notNull())
    .addColumn("is_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("document_required_fields_key_unique", ["document_category_id", "field_name"])
    .execute();

  await db.schema
    .createTable("supporting_document_types")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("document_category_id", "integer", (c) =>
      c.notNull().references("document_categories.id").onDelete("cascade"),
    )
    .addColumn("document_type_en", "text", (c) => c.notNull())
    .addColumn("document_type_ar", "text", (c) => c.notNull())
    .addColumn("description_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description_ar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("supporting_document_types_category_idx")
    .on("supporting_document_types")
    .column("document_category_id")
    .execute();

  await db.schema
    .createTable("files")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("total_pages", "integer")
    .addColumn("created_by", "integer", (c) => c.references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("files_sha256_idx").on("files").column("sha256").execute();

  await db.schema
    .createTable("attachments")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("entity_type", "text", (c) =>
      c
        .notNull()
        .check(
          sql`entity_type in ('USERS','CLIENTS','DOCUMENTS','DOCUMENT_REQUESTS','DOCUMENT_CATEGORIES','DOCUMENT_ATTESTATION','DOCUMENT_SUPPORTING_DOCUMENTS','DOCUMENT_REQUIREMENTS')`,
        ),
    )
    .addColumn("reference_entity_id", "integer", (c) => c.notNull())
    .addColumn("document_name", "text", (c) => c.notNull())
    .addColumn("file_id", "integer", (c) => c.notNull().references("files.id"))
    .addColumn("supporting_document_type_id", "integer", (c) => c.references("supporting_document_types.id"))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("PENDING").check(sql`status in ('PENDING','APPROVED','REJECTED')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("attachments_entity_idx")
    .on("attachments")
    .columns(["entity_type", "reference_entity_id"])
    .execute();

  await db.schema
    .createTable("request_drafts")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("beneficiary_id", "integer", (c) => c.notNull().unique().references("users.id").onDelete("cascade"))
    .addColumn("step", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("client_id", "integer", (c) => c.references("clients.id"))
    .addColumn("document_category_id", "integer", (c) => c.references("document_categories.id"))
    .addColumn("fields", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("request_message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("secure_plus_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("document_requests")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("beneficiary_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id"))
    .addColumn("document_category_id", "integer", (c) => c.notNull().references("document_categories.id"))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("PENDING").check(sql`status in ('PENDING','APPROVED','REJECTED','COMPLETED')`),
    )
    .addColumn("secure_plus_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("request_message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status_note", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  for (const [name, columns] of [
    ["document_requests_beneficiary_idx", ["beneficiary_id", "id"]],
    ["document_requests_client_idx", ["client_id", "id"]],
    ["document_requests_category_idx", ["document_category_id", "id"]],
    ["document_requests_client_status_idx", ["client_id", "status", "id"]],
    ["document_requests_category_status_idx", ["document_category_id", "status", "id"]],
    ["document_requests_status_idx", ["status", "id"]],
  ] as const) {
    await db.schema.createIndex(name).on("document_requests").columns([...columns]).execute();
  }

  await db.schema
    .createTable("request_field_values")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("request_id", "integer", (c) => c.notNull().references("document_requests.id").onDelete("cascade"))
    .addColumn("field_name", "text", (c) => c.notNull())
    .addColumn("field_value", "text", (c) => c.notNull())
    .addUniqueConstraint("request_field_values_unique", ["request_id", "field_name"])
    .execute();

  await db.schema
    .createTable("attestations")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("beneficiary_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id"))
    .addColumn("document_name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("file_id", "integer", (c) => c.notNull().references("files.id"))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("PENDING").check(sql`status in ('PENDING','APPROVED','REJECTED')`),
    )
    .addColumn("reviewer_id", "integer", (c) => c.references("users.id"))
    .addColumn("review_note", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("attestations_beneficiary_idx").on("attestations").columns(["beneficiary_id", "id"]).execute();
  await db.schema.createIndex("attestations_client_idx").on("attestations").columns(["client_id", "status", "id"]).execute();

  await db.schema
    .createTable("issued_documents")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('REQUEST','ATTESTATION')`))
    .addColumn("request_id", "integer", (c) => c.references("document_requests.id"))
    .addColumn("attestation_id", "integer", (c) => c.references("attestations.id"))
    .addColumn("category_id", "integer", (c) => c.references("document_categories.id"))
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id"))
    .addColumn("issuer_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("beneficiary_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("document_name", "text", (c) => c.notNull())
    .addColumn("file_id", "integer", (c) => c.notNull().references("files.id"))
    .addColumn("total_pages", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("expiry_date", "text", (c) => c.notNull())
    .addColumn("document_hash", "text", (c) => c.notNull())
    .addColumn("verification_code", "text", (c) => c.notNull().unique())
    .addColumn("secure_plus_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("access_pin_hash", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("VALID").check(sql`status in ('VALID','REVOKED')`))
    .addColumn("revoked_at", "text")
    .addColumn("revoked_by", "integer", (c) => c.references("users.id"))
    .addColumn("revocation_reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("issued_documents_request_idx").on("issued_documents").column("request_id").execute();
  await db.schema.createIndex("issued_documents_attestation_idx").on("issued_documents").column("attestation_id").execute();
  await db.schema.createIndex("issued_documents_beneficiary_idx").on("issued_documents").column("beneficiary_id").execute();
  await db.schema.createIndex("issued_documents_client_idx").on("issued_documents").columns(["client_id", "id"]).execute();

  await db.schema
    .createTable("verification_events")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("issued_document_id", "integer", (c) => c.references("issued_documents.id"))
    .addColumn("at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("ip_hash", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema
    .createIndex("verification_events_document_idx")
    .on("verification_events")
    .columns(["issued_document_id", "at"])
    .execute();

  await db.schema
    .createTable("public_announcements")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id"))
    .addColumn("author_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_ar", "text", (c) => c.notNull())
    .addColumn("body_en", "text", (c) => c.notNull())
    .addColumn("body_ar", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("DRAFT").check(sql`status in ('DRAFT','PUBLISHED')`))
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("public_announcements_client_idx").on("public_announcements").columns(["client_id", "id"]).execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title_en", "text", (c) => c.notNull())
    .addColumn("title_ar", "text", (c) => c.notNull())
    .addColumn("body_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body_ar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("link", "text")
    .addColumn("read_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("notifications_user_idx").on("notifications").columns(["user_id", "id"]).execute();

  await db.schema
    .createTable("email_outbox")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("audit_events")
    .addColumn("id", isSqlite ? "integer" : "serial", (c) => (isSqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn("at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id"))
    .addColumn("actor_role", "text")
    .addColumn("client_id", "integer")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text")
    .addColumn("entity_id", "integer")
    .addColumn("ip", "text")
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema.createIndex("audit_events_entity_idx").on("audit_events").columns(["entity_type", "entity_id"]).execute();
  await db.schema.createIndex("audit_events_actor_idx").on("audit_events").columns(["actor_user_id", "at"]).execute();

  // The audit log is append-only: the database itself refuses changes.
  if (isSqlite) {
    await sql`CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
      BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
      BEGIN SELECT RAISE(ABORT, 'audit_events is append-only'); END`.execute(db);
  } else {
    await sql`CREATE FUNCTION audit_events_append_only() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'audit_events is append-only'; END $$ LANGUAGE plpgsql`.execute(db);
    await sql`CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
      FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "audit_events",
    "email_outbox",
    "notifications",
    "public_announcements",
    "verification_events",
    "issued_documents",
    "attestations",
    "request_field_values",
    "document_requests",
    "request_drafts",
    "attachments",
    "files",
    "supporting_document_types",
    "document_required_fields",
    "document_categories",
    "clerks",
    "client_admins",
    "clients",
    "client_categories",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
