import type { DB } from "~/db/db.server";

export async function insertFile(
  db: DB,
  file: { sha256: string; size: number; mimeType: string; originalName: string; storageKey: string; totalPages: number | null; createdBy: number | null },
): Promise<number> {
  const row = await db
    .insertInto("files")
    .values({
      sha256: file.sha256,
      size: file.size,
      mime_type: file.mimeType,
      original_name: file.originalName,
      storage_key: file.storageKey,
      total_pages: file.totalPages,
      created_by: file.createdBy,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findFile(db: DB, id: number) {
  return db.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
}
