import { newestRequestsOfBeneficiary } from "~/modules/requests/queries.server";
import { countRows } from "~/platform/db/count";
import { countAllRequestsKept, countKeptRequestsByStatus } from "~/platform/db/request-status-counts.server";
import type { DB } from "~/platform/db/db.server";
import type { RequestStatus, Role } from "~/platform/db/schema";

/**
 * Requests by status: a beneficiary's few are counted; an organisation's are read from the counts kept by the
 * database (docs/decisions/0021), since counting tens of thousands on every dashboard view was a third of its CPU.
 */
export async function countRequestsByStatus(db: DB, scope: { beneficiaryId?: number; clientId?: number }) {
  if (scope.beneficiaryId === undefined && scope.clientId !== undefined) {
    return (await countKeptRequestsByStatus(db, { clientId: scope.clientId })) as Partial<
      Record<RequestStatus, number>
    >;
  }
  let query = db
    .selectFrom("document_requests")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy("status");
  if (scope.beneficiaryId !== undefined) query = query.where("beneficiary_id", "=", scope.beneficiaryId);
  if (scope.clientId !== undefined) query = query.where("client_id", "=", scope.clientId);
  const rows = await query.execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)])) as Partial<
    Record<RequestStatus, number>
  >;
}

/** A beneficiary's five newest requests, as their list shows them (not counted: 20 ms at 250,000 of them). */
export const latestRequestsOf = (db: DB, beneficiaryId: number, limit = 5) =>
  newestRequestsOfBeneficiary(db, beneficiaryId, limit);

const countTable = (
  db: DB,
  table:
    | "clients"
    | "client_categories"
    | "clerks"
    | "document_categories"
    | "document_requests"
    | "attestations"
    | "issued_documents",
) => countRows(db.selectFrom(table));

const countUsers = (db: DB, role: Role) => countRows(db.selectFrom("users").where("role", "=", role));

export async function superAdminCounts(db: DB) {
  return {
    serviceAdmins: await countUsers(db, "SERVICE_ADMIN"),
    clientAdmins: await countUsers(db, "CLIENT_ADMIN"),
    clients: await countTable(db, "clients"),
    clerks: await countTable(db, "clerks"),
    beneficiaries: await countUsers(db, "BENEFICIARY"),
    documentCategories: await countTable(db, "document_categories"),
    attestations: await countTable(db, "attestations"),
    // Kept by the database (docs/decisions/0021): counting 1,000,000 took PostgreSQL 40 ms.
    documentRequests: await countAllRequestsKept(db),
    issuedDocuments: await countTable(db, "issued_documents"),
  };
}

export async function serviceAdminCounts(db: DB) {
  return {
    clientAdmins: await countUsers(db, "CLIENT_ADMIN"),
    clientCategories: await countTable(db, "client_categories"),
    clients: await countTable(db, "clients"),
  };
}
