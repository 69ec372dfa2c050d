/**
 * The health check's ping without Kysely, where the driver allows it (SQLite, in-process): under a load of
 * probes, Kysely's connection, logging and result handling were 8% of `/healthz`'s CPU for a `select 1`
 * (docs/architecture.md §11). Keyed by the Kysely instance that the driver serves.
 */
const pings = new WeakMap<object, () => void>();

export function setDirectPing(db: object, ping: () => void): void {
  pings.set(db, ping);
}

export function directPingOf(db: object): (() => void) | undefined {
  return pings.get(db);
}
