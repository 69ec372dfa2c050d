import type { DB } from "~/platform/db/db.server";
import type { NinVerification } from "~/platform/db/schema";
import { nowIso } from "~/platform/db/values";

/**
 * Marks an account's national ID verified, if it still is `nin` (the one the verifier saw): false when it changed
 * meanwhile. `by` and `clientId`: the staff member who saw the person and their organisation (in person only).
 */
export async function markNinVerified(
  db: DB,
  userId: number,
  nin: string,
  how: { method: NinVerification; by: number | null; clientId: number | null },
) {
  const result = await db
    .updateTable("users")
    .set({
      nin_verified_at: nowIso(),
      nin_verified_method: how.method,
      nin_verified_by: how.by,
      nin_verified_client_id: how.clientId,
      updated_at: nowIso(),
    })
    .where("id", "=", userId)
    .where("nin", "=", nin)
    // In person, only a national ID no one verified yet: a clerk's word does not replace the national identity's.
    .where((eb) => (how.method === "IN_PERSON" ? eb("nin_verified_at", "is", null) : eb.lit(true)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The accounts that hold a national ID, verified first (several only for duplicates kept by migration 0020). */
export function holdersOfNin(db: DB, nin: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "role", "status", "nin_verified_at", "locale"])
    .where("nin", "=", nin)
    .orderBy("nin_verified_at", "desc")
    .orderBy("id")
    .execute();
}

/** An unverified account loses a national ID its owner proved elsewhere (docs/decisions/0022). */
export async function releaseNin(db: DB, userId: number) {
  await db
    .updateTable("users")
    .set({
      nin: null,
      nin_duplicate: 0,
      nin_verified_at: null,
      nin_verified_method: null,
      nin_verified_by: null,
      nin_verified_client_id: null,
      updated_at: nowIso(),
    })
    .where("id", "=", userId)
    .where("nin_verified_at", "is", null)
    .execute();
}

/** Whether an account's national ID is verified (by either means). */
export async function isNinVerified(db: DB, userId: number) {
  const row = await db.selectFrom("users").select("nin_verified_at").where("id", "=", userId).executeTakeFirst();
  return Boolean(row?.nin_verified_at);
}
