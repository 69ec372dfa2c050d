import { conflict, done, type Outcome, refused } from "~/platform/outcome";
import type { DB } from "~/platform/db/db.server";
import { audit, type AuditActor, removeAudited } from "~/modules/audit/service.server";
import { pricedValuesOf } from "~/modules/catalogue/schema";
import {
  assignClientAdmin,
  clientCategoryExists,
  clientReferences,
  clientsOfCategory,
  deleteClient,
  deleteClientCategory,
  insertClient,
  insertClientCategory,
  isAssignableClientAdmin,
  updateClient,
  updateClientCategory,
  type ClientValues,
} from "./queries.server";
import type { ClientCategoryInput, ClientInput } from "./schema";

export async function createClientCategory(db: DB, input: ClientCategoryInput, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const id = await insertClientCategory(trx, pricedValuesOf(input));
    await audit(trx, actor, {
      action: "client_category.create",
      entityType: "CLIENT_CATEGORIES",
      entityId: id,
      details: { name: input.name.english },
    });
    return id;
  });
}

export async function editClientCategory(db: DB, id: number, input: ClientCategoryInput, actor: AuditActor) {
  await db.transaction().execute(async (trx) => {
    await updateClientCategory(trx, id, pricedValuesOf(input));
    await audit(trx, actor, { action: "client_category.update", entityType: "CLIENT_CATEGORIES", entityId: id });
  });
}

/** A category that clients still use is kept: nothing changes and the page says why (docs/architecture.md §16). */
export async function removeClientCategory(
  db: DB,
  category: { id: number; name_en: string },
  actor: AuditActor,
): Promise<Outcome> {
  const event = {
    action: "client_category.delete",
    entityType: "CLIENT_CATEGORIES" as const,
    entityId: category.id,
    details: { name: category.name_en },
  };
  return removeAudited(db, actor, event, {
    inUse: async (trx) =>
      (await clientsOfCategory(trx, category.id)).length > 0 ? conflict("admin.clientCategoryInUse") : null,
    remove: (trx) => deleteClientCategory(trx, category.id),
  });
}

export type ClientSaveResult = Outcome<{ id: number }>;

const clientValuesOf = (input: ClientInput): ClientValues => ({
  nameEn: input.name.english,
  nameAr: input.name.arabic,
  address: { en: input.address?.english ?? null, ar: input.address?.arabic ?? null },
  clientCategoryId: input.clientCategoryId,
  clientAdminId: input.clientAdminId ?? null,
  canDoSincera: input.canDoSincera,
  canDoAttestation: input.canDoAttestation,
});

/**
 * Creates (`id` null) or saves a client. The category must exist and the primary admin must be a
 * client admin without a client (or already this client's); naming them sets their client (docs/architecture.md §14).
 */
export async function saveClient(
  db: DB,
  id: number | null,
  input: ClientInput,
  actor: AuditActor,
): Promise<ClientSaveResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await clientCategoryExists(trx, input.clientCategoryId)))
      return refused("validation.clientCategoryRequired", "clientCategoryId");
    if (input.clientAdminId !== undefined && !(await isAssignableClientAdmin(trx, input.clientAdminId, id))) {
      return conflict("admin.clientAdminTaken", "clientAdminId");
    }
    const values = clientValuesOf(input);
    const clientId = id ?? (await insertClient(trx, values));
    if (id !== null) await updateClient(trx, id, values);
    if (values.clientAdminId !== null) await assignClientAdmin(trx, values.clientAdminId, clientId);
    await audit(trx, actor, {
      action: id === null ? "client.create" : "client.update",
      entityType: "CLIENTS",
      entityId: clientId,
      details: {
        name: input.name.english,
        clientCategoryId: values.clientCategoryId,
        clientAdminId: values.clientAdminId,
      },
    });
    return done({ id: clientId });
  });
}

/** A client that anything still points to is kept: nothing changes and the page says what (docs/architecture.md §16). */
export async function removeClient(
  db: DB,
  client: { id: number; name_en: string },
  actor: AuditActor,
): Promise<Outcome> {
  const event = {
    action: "client.delete",
    entityType: "CLIENTS" as const,
    entityId: client.id,
    details: { name: client.name_en },
  };
  return removeAudited(db, actor, event, {
    inUse: async (trx) => {
      const references = await clientReferences(trx, client.id);
      return Object.values(references).some((count) => count > 0)
        ? conflict("admin.clientInUse", undefined, references)
        : null;
    },
    remove: (trx) => deleteClient(trx, client.id),
  });
}
