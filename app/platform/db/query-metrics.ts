import type { LogEvent } from "kysely";
import { dbQueryDuration } from "~/platform/metrics/metrics.server";

/** Every query's time, into `db_query_duration_seconds` (docs/decisions/0017): Kysely measures it and calls this. */
export function timeQueries(event: LogEvent) {
  dbQueryDuration.observe(event.queryDurationMillis / 1000);
}
