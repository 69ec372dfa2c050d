import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDb } from "~/test/db";

const DESIGN_TABLES = [
  "users", "sessions", "client_categories", "clients", "client_admins", "clerks", "document_categories",
  "document_required_fields", "supporting_document_types", "files", "attachments", "request_drafts",
  "document_requests", "request_field_values", "issued_documents", "verification_events", "attestations",
  "public_announcements", "notifications", "email_outbox", "audit_events", "rate_limits", "account_tokens",
];

describe("database schema", () => {
  it("creates every table of DESIGN section 5", async () => {
    const db = await createTestDb();
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    for (const table of DESIGN_TABLES) expect(tables).toContain(table);
  });

  it("enforces foreign keys", async () => {
    const db = await createTestDb();
    await expect(
      db.insertInto("clerks").values({ user_id: 999, client_id: 999 }).execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
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
    const indexes = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index'`.execute(db);
    const names = indexes.rows.map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining([
      "document_requests_client_status_idx",
      "document_requests_beneficiary_idx",
      "document_requests_category_status_idx",
      "document_requests_category_client_idx",
      "issued_documents_client_idx",
    ]));
  });
});
