import type { DB } from "~/platform/db/db.server";
import type { DocumentTemplatesTable } from "~/platform/db/schema";
import type { Insertable } from "kysely";

/** A template as the issuing and the template screen read it, with its organisation. */
const TEMPLATE_COLUMNS = [
  "document_templates.id",
  "document_templates.category_id",
  "document_categories.client_id",
  "document_templates.page_size",
  "document_templates.orientation",
  "document_templates.logo_file_id",
  "document_templates.signature_file_id",
  "document_templates.title_en",
  "document_templates.title_ar",
  "document_templates.body_en",
  "document_templates.body_ar",
  "document_templates.updated_at",
] as const;

/** A category's template, with the organisation it belongs to, or undefined. */
export function findTemplate(db: DB, categoryId: number) {
  return db
    .selectFrom("document_templates")
    .innerJoin("document_categories", "document_categories.id", "document_templates.category_id")
    .select(TEMPLATE_COLUMNS)
    .where("document_templates.category_id", "=", categoryId)
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
