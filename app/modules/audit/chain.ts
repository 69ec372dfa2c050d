import crypto from "node:crypto";

/** What an audit event's hash covers: every column but its id, in this order (docs/architecture.md §22). */
export interface ChainedFields {
  at: string;
  actor_user_id: number | null;
  actor_role: string | null;
  client_id: number | null;
  action: string;
  entity_type: string | null;
  entity_id: number | null;
  ip: string | null;
  details: string;
  request_id: string | null;
}

const fieldsOf = (previous: string | null, row: ChainedFields) =>
  JSON.stringify([
    previous,
    row.at,
    row.actor_user_id,
    row.actor_role,
    row.client_id,
    row.action,
    row.entity_type,
    row.entity_id,
    row.ip,
    row.details,
    row.request_id,
  ]);

/** How a keyed hash begins (a plain SHA-256 hash, written before the chain was keyed, is bare hex). */
export const KEYED_PREFIX = "hmac1:";

/**
 * An event's keyed hash: HMAC-SHA256, under a key the database does not hold (derived from SIGNING_KEY_SECRET), of
 * the one before it and its own fields. Whoever edits the database can recompute a plain chain; not this one.
 */
export const keyedChainHash = (key: Buffer, previous: string | null, row: ChainedFields) =>
  KEYED_PREFIX + crypto.createHmac("sha256", key).update(fieldsOf(previous, row)).digest("hex");

/**
 * An event's plain hash (the events written before the chain was keyed): SHA-256 of the one before it and of its own fields. Changing an event changes its hash; removing
 * one leaves the next naming a hash that is no longer there. (migration 0016 chains the events written before it
 * with this same function, copied there, as a landed migration keeps what it did.)
 */
export function chainHash(previous: string | null, row: ChainedFields) {
  return crypto.createHash("sha256").update(fieldsOf(previous, row)).digest("hex");
}

/** Where the chain breaks: the first event changed, or the first whose predecessor was removed. */
export type ChainBreak = { id: number; reason: "changed" | "removed-before" };

/** A head of the chain recorded outside the database (a checkpoint): the event's id and its hash then. */
export interface ChainCheckpoint {
  id: number;
  hash: string;
  /** Where it was read (a checkpoint file, a log line), to name it. */
  source: string;
}

/** A checkpoint the database no longer agrees with: its event is gone, or its hash differs. */
export type CheckpointBreak = { checkpoint: ChainCheckpoint; found: string | null };

/**
 * Walks the events in order (id, and what was stored) and names the first break, or null when the chain holds: every
 * hash keyed (`plain` walks a chain of plain SHA-256 hashes, written before the chain was keyed, once, to key it);
 * each checkpoint's event must still carry the hash it had.
 */
export async function firstBreak(
  rows: AsyncIterable<ChainedFields & { id: number; previous_hash: string | null; hash: string | null }>,
  key: Buffer | "plain",
  checkpoints: ChainCheckpoint[] = [],
): Promise<{ checked: number; broken: ChainBreak | null; checkpoints: CheckpointBreak[] }> {
  const wanted = new Set(checkpoints.map((checkpoint) => checkpoint.id));
  const found = new Map<number, string | null>();
  let previous: string | null = null;
  let checked = 0;
  let broken: ChainBreak | null = null;
  for await (const row of rows) {
    if (wanted.has(row.id)) found.set(row.id, row.hash);
    if (broken) continue;
    const expected: string = key === "plain" ? chainHash(previous, row) : keyedChainHash(key, previous, row);
    if (row.previous_hash !== previous) broken = { id: row.id, reason: "removed-before" };
    else if (row.hash !== expected) broken = { id: row.id, reason: "changed" };
    else {
      previous = row.hash;
      checked++;
    }
  }
  const disagreeing = checkpoints
    .filter((checkpoint) => found.get(checkpoint.id) !== checkpoint.hash)
    .map((checkpoint) => ({ checkpoint, found: found.get(checkpoint.id) ?? null }));
  return { checked, broken, checkpoints: disagreeing };
}
