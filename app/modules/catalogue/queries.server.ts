import type { DB } from "~/db/db.server";

export function searchClients(db: DB, query: string, limit = 50) {
  let select = db.selectFrom("clients").select(["id", "name_en", "name_ar", "address"]).orderBy("name_en").limit(limit);
  const q = query.trim();
  if (q) select = select.where((eb) => eb.or([eb("name_en", "like", `%${q}%`), eb("name_ar", "like", `%${q}%`)]));
  return select.execute();
}

export function findClient(db: DB, id: number) {
  return db.selectFrom("clients").selectAll().where("id", "=", id).executeTakeFirst();
}

export function categoriesOfClient(db: DB, clientId: number) {
  return db.selectFrom("document_categories").selectAll().where("client_id", "=", clientId).orderBy("id").execute();
}

export function findCategory(db: DB, id: number) {
  return db.selectFrom("document_categories").selectAll().where("id", "=", id).executeTakeFirst();
}

export function requiredFieldsOf(db: DB, categoryId: number) {
  return db
    .selectFrom("document_required_fields")
    .selectAll()
    .where("document_category_id", "=", categoryId)
    .orderBy("id")
    .execute();
}

export function supportingTypesOf(db: DB, categoryId: number) {
  return db
    .selectFrom("supporting_document_types")
    .selectAll()
    .where("document_category_id", "=", categoryId)
    .orderBy("id")
    .execute();
}
