import { sql, type Kysely } from "kysely";

// The file an issued document was made from (the clerk's upload, or the document drawn from a template) is kept
// beside it, and now named by it: the storage sweeper removes only what no row names (docs/architecture.md §8).
// Documents issued before this kept their source as the file stored just before theirs, in the same transaction,
// by the same issuer, that nothing else names: those are linked here, so the sweeper keeps them too.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("issued_documents")
    .addColumn("source_file_id", "integer", (column) => column.references("files.id"))
    .execute();
  await sql`
    UPDATE issued_documents SET source_file_id = file_id - 1
    WHERE attestation_id IS NULL
      AND EXISTS (
        SELECT 1 FROM files
        WHERE files.id = issued_documents.file_id - 1
          AND files.created_by = issued_documents.issuer_id
          AND files.id NOT IN (SELECT file_id FROM attachments)
          AND files.id NOT IN (SELECT file_id FROM issued_documents)
          AND files.id NOT IN (SELECT file_id FROM attestations)
      )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("issued_documents").dropColumn("source_file_id").execute();
}
