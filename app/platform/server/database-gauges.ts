import { getDb } from "~/platform/db/db.server";
import { countRunningItems } from "~/platform/jobs/queries.server";
import { countMailsByStatus } from "~/platform/mail/queries.server";
import { databaseGauge } from "~/platform/metrics/metrics.server";
import { countDeliveriesByStatus } from "~/platform/webhooks/queries.server";

/** What the database holds that an operator watches (docs/decisions/0017): read when a scrape asks. */
export function registerDatabaseGauges() {
  databaseGauge("mail_outbox_messages", "Mails in the outbox, by state (PENDING, SENT, FAILED).", ["state"], async () =>
    (await countMailsByStatus(getDb())).map((row) => ({ labels: { state: row.status }, value: Number(row.count) })),
  );
  databaseGauge(
    "job_items",
    "Items of running jobs (a bulk issuance's rows), by kind and state (PENDING, DONE, FAILED).",
    ["kind", "state"],
    async () =>
      (await countRunningItems(getDb())).map((row) => ({
        labels: { kind: row.kind, state: row.status },
        value: Number(row.count),
      })),
  );
  databaseGauge(
    "webhook_deliveries",
    "Webhook deliveries, by state (PENDING: the backlog, DELIVERED).",
    ["state"],
    async () =>
      (await countDeliveriesByStatus(getDb())).map((row) => ({
        labels: { state: row.status },
        value: Number(row.count),
      })),
  );
}
