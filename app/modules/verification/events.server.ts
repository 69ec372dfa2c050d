import type { DB } from "~/platform/db/db.server";
import { inWriteBatch } from "~/platform/db/write-batch.server";
import { hitsInBatch, type Hit } from "~/platform/security/rate-limit.server";
import { findIssuedDocumentByCode, insertVerificationEvents, type VerificationEventRow } from "./queries.server";
import { verdictOf, type Verdict } from "./verdict";
import { nowIso } from "~/platform/db/values";
import { rateLimitRefusals, verificationLookups } from "~/platform/metrics/metrics.server";

type IssuedDocument = NonNullable<Awaited<ReturnType<typeof findIssuedDocumentByCode>>>;
type Reviewer = Pick<VerificationEventRow, "ip_hash" | "user_agent">;
type Lookup = { code: string | null; reviewer: Reviewer; limit: Hit; at: string };
type Outcome = { document: IssuedDocument | undefined; verdict: Verdict; recorded: boolean };
type Group = { db: DB; lookups: Lookup[]; outcomes: Promise<Outcome[]> };

// The look-ups waiting for the next commit. They are done as one write of the batch (docs/architecture.md §11): the
// documents are read in the write's transaction (one snapshot, a code asked for twice is read once),
// the hits of one reviewer are counted with one statement and the events inserted with one.
let gathering: Group | null = null;

/**
 * Looks a code up and records the look-up before the page answers: nothing acknowledged is lost when the
 * process dies, and the look-ups of the same moment share one transaction (one fsync). The reviewer's
 * rate limit is counted in the same write: when it is passed, nothing is recorded (`recorded` false).
 */
export function lookUpAndRecord(db: DB, code: string | null, reviewer: Reviewer, limit: Hit): Promise<Outcome> {
  let group = gathering;
  if (!group || group.db !== db) {
    const lookups: Lookup[] = [];
    const close = () => {
      if (gathering === created) gathering = null; // later look-ups go to the next commit
    };
    const created: Group = {
      db,
      lookups,
      outcomes: inWriteBatch(db, (trx) => {
        close();
        return lookUpAll(trx, lookups);
      }),
    };
    // A commit that could not even begin (the database unreachable or locked) never ran the write above:
    // closed here, or every later look-up would join this group and get its old failure.
    created.outcomes.catch(close);
    group = gathering = created;
  }
  const index = group.lookups.push({ code, reviewer, limit, at: nowIso() }) - 1;
  return group.outcomes.then((outcomes) => {
    const outcome = outcomes[index];
    if (outcome.recorded) verificationLookups.inc({ verdict: outcome.verdict });
    else rateLimitRefusals.inc({ limit: "verify" });
    return outcome;
  });
}

async function lookUpAll(trx: DB, lookups: Lookup[]): Promise<Outcome[]> {
  const documents = new Map<string, IssuedDocument | undefined>();
  for (const { code } of lookups) {
    if (code && !documents.has(code)) documents.set(code, await findIssuedDocumentByCode(trx, code));
  }
  const within = await hitsInBatch(
    trx,
    lookups.map((lookup) => lookup.limit),
  );
  const outcomes = lookups.map((lookup, index): Outcome => {
    const document = lookup.code ? documents.get(lookup.code) : undefined;
    return { document, verdict: verdictOf(document), recorded: within[index] };
  });
  const events = lookups
    .map((lookup, index) => ({
      issued_document_id: outcomes[index].document?.id ?? null,
      outcome: outcomes[index].verdict,
      ...lookup.reviewer,
      at: lookup.at,
    }))
    .filter((_, index) => within[index]);
  await insertVerificationEvents(trx, events);
  return outcomes;
}
