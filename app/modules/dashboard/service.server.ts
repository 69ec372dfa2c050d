import type { DB } from "~/platform/db/db.server";
import type { SignedIn } from "~/modules/access";
import { countRequestsByStatus, latestRequestsOf, serviceAdminCounts, superAdminCounts } from "./queries.server";

/** The figures each role's dashboard shows (docs/product.md, Who uses it, the dashboards). */
export async function dashboardFor(db: DB, principal: SignedIn) {
  const { user } = principal;
  switch (user.role) {
    case "BENEFICIARY":
      return {
        kind: "beneficiary" as const,
        byStatus: await countRequestsByStatus(db, { beneficiaryId: user.id }),
        latest: await latestRequestsOf(db, user.id),
      };
    case "CLERK":
    case "CLIENT_ADMIN":
      return {
        kind: "staff" as const,
        byStatus: user.client ? await countRequestsByStatus(db, { clientId: user.client.id }) : {},
      };
    case "SERVICE_ADMIN":
      return { kind: "counts" as const, counts: await serviceAdminCounts(db) };
    case "SUPER_ADMIN":
      return { kind: "counts" as const, counts: await superAdminCounts(db) };
  }
}
