import type { DB } from "~/db/db.server";
import type { DocumentTemplatesTable } from "~/db/schema";
import type { Insertable } from "kysely";

/** A category's template, or undefined. */
export function findTemplate(db: DB, categoryId: number) {
  return db
    .selectFrom("document_templates")
    .select([
      "id",
      "category_id",
      "page_size",
      "orientation",
      "logo_file_id",
      "signature_file_id",
      "title_en",
      "title_ar",
      "body_en",
      "body_ar",
      "updated_at",
    ])
    .where("category_id", "=", categoryId)
    .executeTakeFirst();
}

/** Writes a category's template, made or replaced (the images kept unless new ones are given). */
export async function saveTemplateRow(db: DB, row: Insertable<DocumentTemplatesTable>) {
  const { category_id: _category, ...changes } = row;
  const updates = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  await db
    .insertInto("document_templates")
    .values(row)
    .onConflict((conflict) => conflict.column("category_id").doUpdateSet(updates))
    .execute();
}
