import { countRows } from "~/db/count";
import type { DB } from "~/db/db.server";
import type { pricedValuesOf } from "~/modules/catalogue/schema";

export type ClientCategoryValues = ReturnType<typeof pricedValuesOf>;

const columns = (values: ClientCategoryValues) => ({
  name_en: values.nameEn,
  name_ar: values.nameAr,
  description_en: values.descriptionEn,
  description_ar: values.descriptionAr,
  fee: values.fee,
  currency: values.currency,
  validity_period_days: values.validityDays,
});

export async function listClientCategories(db: DB, filter: { q: string; page: number; size: number }) {
  let query = db.selectFrom("client_categories");
  if (filter.q) {
    const like = `%${filter.q.toLowerCase()}%`;
    query = query.where((eb) => eb.or([eb(eb.fn("lower", ["name_en"]), "like", like), eb("name_ar", "like", `%${filter.q}%`)]));
  }
  const total = await countRows(query);
  const rows = await query
    .select((eb) => [
      "id",
      "name_en",
      "name_ar",
      "fee",
      "currency",
      "validity_period_days",
      eb.selectFrom("clients").whereRef("clients.client_category_id", "=", "client_categories.id").select((inner) => inner.fn.countAll<number>().as("n")).as("client_count"),
    ])
    .orderBy("name_en")
    .limit(filter.size)
    .offset(filter.page * filter.size)
    .execute();
  return { total, rows };
}

export function findClientCategory(db: DB, id: number) {
  return db.selectFrom("client_categories").selectAll().where("id", "=", id).executeTakeFirst();
}

export function clientsOfCategory(db: DB, categoryId: number) {
  return db.selectFrom("clients").select(["id", "name_en", "name_ar"]).where("client_category_id", "=", categoryId).orderBy("name_en").execute();
}

export async function insertClientCategory(db: DB, values: ClientCategoryValues) {
  const row = await db.insertInto("client_categories").values(columns(values)).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateClientCategory(db: DB, id: number, values: ClientCategoryValues) {
  await db
    .updateTable("client_categories")
    .set({ ...columns(values), updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function deleteClientCategory(db: DB, id: number) {
  await db.deleteFrom("client_categories").where("id", "=", id).execute();
}
