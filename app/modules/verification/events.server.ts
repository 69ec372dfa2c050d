import type { DB } from "~/db/db.server";
import type { VerificationEventsTable } from "~/db/schema";
import { inWriteBatch } from "~/db/write-batch.server";
import { insertVerificationEvents } from "./queries.server";

type VerificationEvent = { issued_document_id: number | null; outcome: VerificationEventsTable["outcome"]; ip_hash: string | null; user_agent: string | null };

/**
 * Records a look-up before the page answers: nothing acknowledged is lost when the process dies. The
 * look-ups of the same moment share one transaction (one fsync), so this costs little under load.
 */
export function recordVerificationEvent(db: DB, event: VerificationEvent): Promise<void> {
  return inWriteBatch(db, (trx) => insertVerificationEvents(trx, [{ ...event, at: new Date().toISOString() }]));
}
