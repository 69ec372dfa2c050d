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

/**
 * An event's hash: SHA-256 of the one before it and of its own fields. Changing an event changes its hash; removing
 * one leaves the next naming a hash that is no longer there. (migration 0016 chains the events written before it
 * with this same function, copied there, as a landed migration keeps what it did.)
 */
export function chainHash(previous: string | null, row: ChainedFields) {
  const fields = [
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
  ];
  return crypto.createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

/** Where the chain breaks: the first event changed, or the first whose predecessor was removed. */
export type ChainBreak = { id: number; reason: "changed" | "removed-before" };

/** Walks the events in order (id, and what was stored) and names the first break, or null when the chain holds. */
export async function firstBreak(
  rows: AsyncIterable<ChainedFields & { id: number; previous_hash: string | null; hash: string | null }>,
): Promise<{ checked: number; broken: ChainBreak | null }> {
  let previous: string | null = null;
  let checked = 0;
  for await (const row of rows) {
    if (row.previous_hash !== previous) return { checked, broken: { id: row.id, reason: "removed-before" } };
    if (row.hash !== chainHash(previous, row)) return { checked, broken: { id: row.id, reason: "changed" } };
    previous = row.hash;
    checked++;
  }
  return { checked, broken: null };
}
