import type { DB } from "~/platform/db/db.server";
import { audit } from "~/modules/audit/service.server";
import { insertUser } from "./queries.server";

/**
 * A beneficiary's account, made by registering (the form) or by signing in with the national identity: the one way
 * such an account begins, inside the caller's transaction, audited as `auth.register` by the new user.
 */
export async function openBeneficiaryAccount(
  trx: DB,
  account: Omit<Parameters<typeof insertUser>[1], "role">,
  ip: string | null,
  details?: Record<string, unknown>,
): Promise<number> {
  const userId = await insertUser(trx, { ...account, role: "BENEFICIARY" });
  await audit(
    trx,
    { userId, role: "BENEFICIARY", ip },
    { action: "auth.register", entityType: "USERS", entityId: userId, ...(details ? { details } : {}) },
  );
  return userId;
}
