import type { DB } from "~/platform/db/db.server";

/** The stored credentials of an organisation, or (null) of the deployment's authority. */
export function findCredentials(db: DB, clientId: number | null) {
  const query = db.selectFrom("signing_credentials").select(["certificate_pem", "private_key_sealed"]);
  return (
    clientId === null ? query.where("client_id", "is", null) : query.where("client_id", "=", clientId)
  ).executeTakeFirst();
}

/** Stores them unless another server stored its own first (then the first ones stand). */
export async function insertCredentials(
  db: DB,
  values: { clientId: number | null; certificatePem: string; privateKeySealed: string },
) {
  await db
    .insertInto("signing_credentials")
    .values({
      client_id: values.clientId,
      certificate_pem: values.certificatePem,
      private_key_sealed: values.privateKeySealed,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** An organisation's credentials replaced by the ones its admin imported. */
export async function replaceCredentials(
  db: DB,
  values: { clientId: number; certificatePem: string; privateKeySealed: string },
) {
  const row = { certificate_pem: values.certificatePem, private_key_sealed: values.privateKeySealed };
  await db
    .insertInto("signing_credentials")
    .values({ client_id: values.clientId, ...row })
    .onConflict((conflict) => conflict.column("client_id").doUpdateSet(row))
    .execute();
}
