import type { DB } from "~/db/db.server";
import type { VerificationEventsTable } from "~/db/schema";
import { inWriteBatch } from "~/db/write-batch.server";
import { hitsInBatch, type Hit } from "~/modules/security/rate-limit.server";
import {
  insertVerificationEvents,
  type VerificationEventRow,
} from "./queries.server";

type VerificationEvent = {
  issued_document_id: number | null;
  outcome: VerificationEventsTable["outcome"];
  ip_hash: string | null;
  user_agent: string | null;
};
type Lookup = { event: VerificationEventRow; limit: Hit };
type Group = { db: DB; lookups: Lookup[]; recorded: Promise<boolean[]> };

// The look-ups waiting for the next commit: they are written as one write of the batch, so that the
// hits of one reviewer are counted with one statement and the events inserted with one (DESIGN 11).
let gathering: Group | null = null;

/**
 * Records a look-up before the page answers: nothing acknowledged is lost when the process dies. The
 * look-ups of the same moment share one transaction (one fsync), so this costs little under load. The
 * reviewer's rate limit is counted in the same write; false (and nothing recorded) when it is passed.
 */
export function recordVerificationEvent(
  db: DB,
  event: VerificationEvent,
  limit: Hit,
): Promise<boolean> {
  let group = gathering;
  if (!group || group.db !== db) {
    const lookups: Lookup[] = [];
    const created: Group = {
      db,
      lookups,
      recorded: inWriteBatch(db, (trx) => {
        if (gathering === created) gathering = null; // later look-ups go to the next commit
        return recordAll(trx, lookups);
      }),
    };
    group = gathering = created;
  }
  const index =
    group.lookups.push({
      event: { ...event, at: new Date().toISOString() },
      limit,
    }) - 1;
  return group.recorded.then((recorded) => recorded[index]);
}

async function recordAll(trx: DB, lookups: Lookup[]): Promise<boolean[]> {
  const within = await hitsInBatch(
    trx,
    lookups.map((lookup) => lookup.limit),
  );
  await insertVerificationEvents(
    trx,
    lookups.filter((_, index) => within[index]).map((lookup) => lookup.event),
  );
  return within;
}
