import type { DB } from "~/db/db.server";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { pricedValuesOf } from "~/modules/catalogue/schema";
import { clientsOfCategory, deleteClientCategory, insertClientCategory, updateClientCategory } from "./queries.server";
import type { ClientCategoryInput } from "./schema";


export async function createClientCategory(db: DB, input: ClientCategoryInput, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const id = await insertClientCategory(trx, pricedValuesOf(input));
    await audit(trx, actor, { action: "client_category.create", entityType: "CLIENT_CATEGORIES", entityId: id, details: { name: input.name.english } });
    return id;
  });
}

export async function editClientCategory(db: DB, id: number, input: ClientCategoryInput, actor: AuditActor) {
  await db.transaction().execute(async (trx) => {
    await updateClientCategory(trx, id, pricedValuesOf(input));
    await audit(trx, actor, { action: "client_category.update", entityType: "CLIENT_CATEGORIES", entityId: id });
  });
}

/** A category that clients still use is kept: nothing changes and the page says why (DESIGN 16). */
export async function removeClientCategory(db: DB, category: { id: number; name_en: string }, actor: AuditActor): Promise<"ok" | "in-use"> {
  return db.transaction().execute(async (trx) => {
    if ((await clientsOfCategory(trx, category.id)).length > 0) return "in-use" as const;
    await deleteClientCategory(trx, category.id);
    await audit(trx, actor, { action: "client_category.delete", entityType: "CLIENT_CATEGORIES", entityId: category.id, details: { name: category.name_en } });
    return "ok" as const;
  });
}
