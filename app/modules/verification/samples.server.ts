import type { DB } from "~/platform/db/db.server";
import { accessPinFor } from "./pin.server";
import { firstIssuedDocuments } from "./queries.server";
import { verdictOf } from "./service.server";

/** One code per verdict from the demo data, printed at start-up for a first look. */
export async function demoVerificationSamples(db: DB) {
  const rows = await firstIssuedDocuments(db, 50);
  const samples: { code: string; label: string }[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const verdict = verdictOf({ status: row.status, expiry_date: row.expiry_date } as never);
    const label = row.secure_plus_enabled
      ? `${verdict}, SecurePlus (access PIN ${accessPinFor(row.verification_code)})`
      : verdict;
    if (seen.has(label.split(" (")[0])) continue;
    seen.add(label.split(" (")[0]);
    samples.push({ code: row.verification_code, label });
  }
  return samples;
}
