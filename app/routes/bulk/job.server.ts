import { getDb } from "~/platform/db/db.server";
import { idOf } from "~/platform/db/values";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import { findBulkJob } from "~/modules/bulk/queries.server";
import type { RouterContextProvider } from "react-router";

/** A bulk job, for those who may issue, in their scope (a job of another organisation is not found). */
export async function jobOf(context: Readonly<RouterContextProvider>, id: string | undefined) {
  const principal = requirePermission(principalOf(context), "request:issue");
  const job = requirePermission(principal, "request:issue", await findBulkJob(getDb(), idOf(id)));
  return { principal, job };
}
