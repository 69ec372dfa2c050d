import type { DB } from "~/platform/db/db.server";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { conflict, done, type Outcome } from "~/platform/outcome";
import { isNinVerified, markNinVerified } from "./queries.server";

/**
 * A staff member of the holder's organisation saw the person and their national identity card: the national ID the
 * page showed (`nin`) becomes verified, with who, when and for which organisation in the audit trail
 * (docs/decisions/0022). Refused when the account's national ID is no longer the one shown, or is verified already.
 */
export async function confirmNinInPerson(
  db: DB,
  actor: AuditActor,
  holder: { userId: number; nin: string },
  clientId: number,
): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const how = { method: "IN_PERSON" as const, by: actor.userId, clientId };
    if (!(await markNinVerified(trx, holder.userId, holder.nin, how)))
      return conflict(
        (await isNinVerified(trx, holder.userId)) ? "identity.confirm.alreadyVerified" : "identity.confirm.changed",
      );
    await audit(trx, actor, {
      clientId,
      action: "beneficiary.nin_verified",
      entityType: "USERS",
      entityId: holder.userId,
      details: { method: "IN_PERSON" },
    });
    return done();
  });
}
