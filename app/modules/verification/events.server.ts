import type { DB } from "~/platform/db/db.server";
import { inWriteBatch } from "~/platform/db/write-batch.server";
import { addHits, hitsInBatch, type Hit } from "~/platform/security/rate-limit.server";
import { findIssuedDocumentByCode, insertVerificationEvents, type VerificationEventRow } from "./queries.server";
import { verdictOf, type Verdict } from "./verdict";
import { nowIso } from "~/platform/db/values";
import { rateLimitRefusals, verificationLookups } from "~/platform/metrics/metrics.server";
import { errorField, logger } from "~/platform/log/logger.server";

type IssuedDocument = NonNullable<Awaited<ReturnType<typeof findIssuedDocumentByCode>>>;
type Reviewer = Pick<VerificationEventRow, "ip_hash" | "user_agent">;
type Lookup = { code: string | null; reviewer: Reviewer; limit: Hit; at: string };
type Outcome = { document: IssuedDocument | undefined; verdict: Verdict; recorded: boolean };
/** A durable look-up's outcome, and its key's count once committed. */
type Counted = Outcome & { count: number };

/**
 * A verification event records what a reviewer saw; nobody was promised it (docs/decisions/0029). So a look-up is
 * answered at once and its event written afterwards, with the others of the next FLUSH_EVERY_MS, in one transaction:
 * the commits were most of a look-up's cost. A clean stop writes what waits (flushVerificationEvents); a process
 * killed outright loses at most that interval's events.
 *
 * The reviewer's rate limit is still the database's, shared by every process: a hit waits here only while its key's
 * count, as this process last read it plus what it has not written yet, stays within half the limit. The first hit of
 * a key, and every hit past half, is counted and recorded before the answer, as before (lookUpDurably), so a limit
 * is passed by at most what other processes let through in one interval, and only by reviewers they also serve.
 */
export const FLUSH_EVERY_MS = 200;
/** Written at once past this many waiting events, whatever the time. */
const FLUSH_AT_EVENTS = 2_000;

/** What this process knows of a key's window: its count when last written or read, and its hits not written yet. */
type Tally = { until: number; written: number; waiting: number };
type Waiting = {
  events: VerificationEventRow[];
  hits: Map<string, { hit: Hit; count: number }>;
  timer: NodeJS.Timeout;
};

const talliesByDb = new WeakMap<DB, Map<string, Tally>>();
const waitingByDb = new Map<DB, Waiting>();
const nameOf = (hit: Hit) => `${hit.key} ${hit.windowMs}`;

function talliesOf(db: DB) {
  let tallies = talliesByDb.get(db);
  if (!tallies) talliesByDb.set(db, (tallies = new Map()));
  return tallies;
}

/**
 * Looks a code up, counts it against the reviewer's limit and records it (`recorded` false when the limit is
 * passed: nothing is recorded then).
 */
export async function lookUpAndRecord(db: DB, code: string | null, reviewer: Reviewer, limit: Hit): Promise<Outcome> {
  const now = Date.now();
  const tallies = talliesOf(db);
  const name = nameOf(limit);
  let tally = tallies.get(name);
  if (tally && tally.until <= now) {
    tallies.delete(name);
    tally = undefined;
  }
  if (!tally || tally.written + tally.waiting + 1 > limit.limit / 2) {
    // What waits is written first, in the same commit when it can be: the hit is judged after them.
    void writeWaiting(db);
    return lookUpDurably(db, code, reviewer, limit);
  }

  tally.waiting += 1;
  const at = nowIso();
  const document = code ? await readInTurn(db, code) : undefined;
  const verdict = verdictOf(document);
  waitToWrite(db, { issued_document_id: document?.id ?? null, outcome: verdict, ...reviewer, at }, limit);
  verificationLookups.inc({ verdict });
  return { document, verdict, recorded: true };
}

// The look-ups that need not wait for a commit, answered together once the turn that read their requests is over:
// each code read once, and the answers written in one go, which costs this machine less than answering each alone
// (the reviewer's client is woken once, not per answer: docs/decisions/0029).
type Reads = {
  db: DB;
  codes: Set<string>;
  documents: Promise<Map<string, IssuedDocument | undefined>>;
  lookups: number;
};
const GATHER_MS = 2;
let readsOfTurn: Reads | null = null;

function readInTurn(db: DB, code: string): Promise<IssuedDocument | undefined> {
  if (!readsOfTurn || readsOfTurn.db !== db) {
    const codes = new Set<string>();
    const reads: Reads = {
      db,
      codes,
      documents: new Promise((resolve, reject) => {
        // While turns keep bringing look-ups (a busy server), for at most GATHER_MS, as the group commit does.
        const startedAt = performance.now();
        let seen = 0;
        const gather = () => {
          const growing = reads.lookups > seen;
          seen = reads.lookups;
          if (growing && performance.now() - startedAt < GATHER_MS) return void setImmediate(gather);
          if (readsOfTurn === reads) readsOfTurn = null;
          readAll(db, codes).then(resolve, reject);
        };
        setImmediate(gather);
      }),
      lookups: 0,
    };
    readsOfTurn = reads;
  }
  readsOfTurn.codes.add(code);
  readsOfTurn.lookups += 1;
  return readsOfTurn.documents.then((documents) => documents.get(code));
}

async function readAll(db: DB, codes: Set<string>) {
  const documents = new Map<string, IssuedDocument | undefined>();
  for (const code of codes) documents.set(code, await findIssuedDocumentByCode(db, code));
  return documents;
}

function waitToWrite(db: DB, event: VerificationEventRow, limit: Hit) {
  let waiting = waitingByDb.get(db);
  if (!waiting) {
    const timer = setTimeout(() => void writeWaiting(db), FLUSH_EVERY_MS);
    timer.unref();
    waitingByDb.set(db, (waiting = { events: [], hits: new Map(), timer }));
  }
  waiting.events.push(event);
  const name = nameOf(limit);
  const hits = waiting.hits.get(name);
  if (hits) hits.count += 1;
  else waiting.hits.set(name, { hit: limit, count: 1 });
  if (waiting.events.length >= FLUSH_AT_EVENTS) void writeWaiting(db);
}

/** Writes the waiting events and hits of `db` in one transaction, and tells each key's tally its new count. */
async function writeWaiting(db: DB) {
  const waiting = waitingByDb.get(db);
  if (!waiting) return;
  waitingByDb.delete(db);
  clearTimeout(waiting.timer);
  const hits = [...waiting.hits.entries()];
  const tallies = talliesOf(db);
  try {
    const counts = await inWriteBatch(db, async (trx) => {
      const after: number[] = [];
      for (const [, { hit, count }] of hits) after.push(await addHits(trx, hit, count));
      await insertVerificationEvents(trx, waiting.events);
      return after;
    });
    hits.forEach(([name, { count }], index) => {
      const tally = tallies.get(name);
      if (tally) Object.assign(tally, { written: counts[index], waiting: Math.max(0, tally.waiting - count) });
    });
  } catch (error) {
    for (const [name, { count }] of hits) {
      const tally = tallies.get(name);
      if (tally) tally.waiting = Math.max(0, tally.waiting - count);
    }
    logger.error({ err: errorField(error), events: waiting.events.length }, "verification events were not written");
  }
}

/** Writes every waiting event now: at a clean stop, and where a test reads the log at once. */
export async function flushVerificationEvents() {
  await Promise.all([...waitingByDb.keys()].map(writeWaiting));
}

// The look-ups that count and record before their answer, gathered for the next commit (docs/architecture.md §11):
// the documents are read in the write's transaction, the hits of one reviewer counted with one statement and the
// events inserted with one.
type Group = { db: DB; lookups: Lookup[]; outcomes: Promise<Counted[]> };
let gathering: Group | null = null;

function lookUpDurably(db: DB, code: string | null, reviewer: Reviewer, limit: Hit): Promise<Outcome> {
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
    const { count, ...outcome } = outcomes[index];
    if (outcome.recorded) verificationLookups.inc({ verdict: outcome.verdict });
    else rateLimitRefusals.inc({ limit: "verify" });
    // Committed: what this process now knows of the key. Its window began at this hit at the latest, so it is over
    // by `until` at the latest (a tally kept longer would only send more hits this way).
    const name = nameOf(limit);
    const tally = talliesOf(db).get(name);
    if (tally) tally.written = count;
    else talliesOf(db).set(name, { until: Date.now() + limit.windowMs, written: count, waiting: 0 });
    return outcome;
  });
}

async function lookUpAll(trx: DB, lookups: Lookup[]): Promise<Counted[]> {
  const documents = new Map<string, IssuedDocument | undefined>();
  for (const { code } of lookups) {
    if (code && !documents.has(code)) documents.set(code, await findIssuedDocumentByCode(trx, code));
  }
  const counted = await hitsInBatch(
    trx,
    lookups.map((lookup) => lookup.limit),
  );
  const outcomes = lookups.map((lookup, index): Counted => {
    const document = lookup.code ? documents.get(lookup.code) : undefined;
    return { document, verdict: verdictOf(document), recorded: counted[index].within, count: counted[index].count };
  });
  const events = lookups
    .map((lookup, index) => ({
      issued_document_id: outcomes[index].document?.id ?? null,
      outcome: outcomes[index].verdict,
      ...lookup.reviewer,
      at: lookup.at,
    }))
    .filter((_, index) => counted[index].within);
  await insertVerificationEvents(trx, events);
  return outcomes;
}
