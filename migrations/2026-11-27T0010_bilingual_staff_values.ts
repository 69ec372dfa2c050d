import { sql, type Kysely } from "kysely";

// What staff type that beneficiaries and reviewers read is kept in both languages (docs/architecture.md §9):
// the issued document's name, the revocation reason, the status note, the attestation's review note and the
// client's address. Each column becomes its English one, and an Arabic one is added; an existing row's one
// value fills both, so nothing already issued loses its words. Portable: RENAME COLUMN and ADD COLUMN are
// the same on SQLite and PostgreSQL.
const RENAMED = [
  ["issued_documents", "document_name", { required: true }],
  ["issued_documents", "revocation_reason", { required: false }],
  ["document_requests", "status_note", { required: false }],
  ["attestations", "review_note", { required: false }],
  ["clients", "address", { required: false }],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, column, { required }] of RENAMED) {
    await db.schema.alterTable(table).renameColumn(column, `${column}_en`).execute();
    await db.schema
      .alterTable(table)
      .addColumn(`${column}_ar`, "text", (c) => (required ? c.notNull().defaultTo("") : c))
      .execute();
    await sql`update ${sql.table(table)} set ${sql.ref(`${column}_ar`)} = ${sql.ref(`${column}_en`)}`.execute(db);
  }
  // A reader's calendar: GREGORIAN, HIJRI or BOTH; null follows the language (both in Arabic).
  await db.schema.alterTable("users").addColumn("calendar", "text").execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("calendar").execute();
  for (const [table, column] of RENAMED) {
    await db.schema.alterTable(table).dropColumn(`${column}_ar`).execute();
    await db.schema.alterTable(table).renameColumn(`${column}_en`, column).execute();
  }
}
