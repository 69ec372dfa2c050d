import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { Migrator } from "kysely";
import { migrations } from "~/platform/db/migrations";
import { createEmptyTestDb, createTestDb, createUser, indexNames } from "~/test/db";

const DESIGN_TABLES = [
  "users",
  "sessions",
  "client_categories",
  "clients",
  "client_admins",
  "clerks",
  "document_categories",
  "document_required_fields",
  "supporting_document_types",
  "files",
  "attachments",
  "request_drafts",
  "document_requests",
  "request_field_values",
  "issued_documents",
  "verification_events",
  "attestations",
  "public_announcements",
  "notifications",
  "email_outbox",
  "audit_events",
  "rate_limits",
  "account_tokens",
];

describe("database schema", () => {
  it("creates every table of docs/architecture.md §5", async () => {
    const db = await createTestDb();
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    for (const table of DESIGN_TABLES) expect(tables).toContain(table);
  });

  it("enforces foreign keys", async () => {
    const db = await createTestDb();
    await expect(db.insertInto("clerks").values({ user_id: 999, client_id: 999 }).execute()).rejects.toThrow(
      /foreign key/i,
    );
  });

  it("keeps audit_events append-only: UPDATE and DELETE are refused", async () => {
    const db = await createTestDb();
    await db.insertInto("audit_events").values({ action: "test.event" }).execute();
    await expect(sql`UPDATE audit_events SET action = 'changed'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_events`.execute(db)).rejects.toThrow(/append-only/);
    const rows = await db.selectFrom("audit_events").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].action).toBe("test.event");
  });

  it("indexes the look-ups that lists need", async () => {
    const db = await createTestDb();
    expect(await indexNames(db)).toEqual(
      expect.arrayContaining([
        "document_requests_client_status_idx",
        "document_requests_client_status_count_idx",
        "document_requests_beneficiary_idx",
        "document_requests_category_status_idx",
        "document_requests_category_client_idx",
        "issued_documents_client_idx",
      ]),
    );
  });

  it("lets an attestation be CANCELLED, keeping the attestations and issued copies written before migration 0004", async () => {
    const db = await createEmptyTestDb();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("2026-11-22T0003_accounts_mail_and_notifications")).error).toBeUndefined();
    const userId = await createUser(db, { email: "m@example.com" });
    const { id: categoryId } = await db
      .insertInto("client_categories")
      .values({ name_en: "K", name_ar: "ك", fee: 0, currency: "JOD", validity_period_days: 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Rows as the schema of migration 0003 had them (one address, one document name), in SQL of that time.
    await sql`insert into clients (name_en, name_ar, address, client_category_id) values ('C', 'ج', '1 Main Street', ${categoryId})`.execute(
      db,
    );
    const clientId = 1;
    const { id: fileId } = await db
      .insertInto("files")
      .values({ sha256: "0", size: 1, mime_type: "application/pdf", original_name: "a.pdf", storage_key: "k" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sql`insert into attestations (beneficiary_id, client_id, document_name, file_id, status) values (${userId}, ${clientId}, 'Old diploma', ${fileId}, 'APPROVED')`.execute(
      db,
    );
    await sql`insert into issued_documents (kind, attestation_id, client_id, issuer_id, beneficiary_id, document_name, file_id, expiry_date, document_hash, verification_code, revocation_reason)
      values ('ATTESTATION', 1, ${clientId}, ${userId}, ${userId}, 'Old diploma', ${fileId}, '2030-01-01', 'h', 'C0DE', 'Old reason')`.execute(
      db,
    );

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    // Migration 0010: each value staff typed in one language fills both.
    expect(
      await db
        .selectFrom("issued_documents")
        .select(["document_name_en", "document_name_ar", "revocation_reason_en", "revocation_reason_ar"])
        .execute(),
    ).toEqual([
      {
        document_name_en: "Old diploma",
        document_name_ar: "Old diploma",
        revocation_reason_en: "Old reason",
        revocation_reason_ar: "Old reason",
      },
    ]);
    expect(await db.selectFrom("clients").select(["address_en", "address_ar"]).execute()).toEqual([
      { address_en: "1 Main Street", address_ar: "1 Main Street" },
    ]);
    expect(
      await db.selectFrom("attestations").select(["id", "document_name", "status", "reviewed_at"]).execute(),
    ).toEqual([{ id: 1, document_name: "Old diploma", status: "APPROVED", reviewed_at: null }]);
    await db
      .insertInto("attestations")
      .values({
        beneficiary_id: userId,
        client_id: clientId,
        document_name: "Newer",
        file_id: fileId,
        status: "CANCELLED",
      })
      .execute();
    await expect(
      sql`insert into attestations (beneficiary_id, client_id, document_name, file_id, status) values (${userId}, ${clientId}, 'x', ${fileId}, 'LOST')`.execute(
        db,
      ),
    ).rejects.toThrow(/check/i);
    await expect(
      db
        .insertInto("attestations")
        .values({ beneficiary_id: 999, client_id: clientId, document_name: "x", file_id: fileId })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await expect(sql`delete from attestations where id = 1`.execute(db)).rejects.toThrow(/foreign key/i);
    expect((await indexNames(db, "attestations")).filter((name) => !name.endsWith("_pkey")).sort()).toEqual([
      "attestations_beneficiary_idx",
      "attestations_client_idx",
    ]);

    expect((await migrator.migrateTo("2026-11-22T0003_accounts_mail_and_notifications")).error).toBeUndefined();
    expect(
      await sql`select document_name, status from attestations order by id`.execute(db).then((result) => result.rows),
    ).toEqual([
      { document_name: "Old diploma", status: "APPROVED" },
      { document_name: "Newer", status: "REJECTED" },
    ]);
    await db.destroy();
  });
});
