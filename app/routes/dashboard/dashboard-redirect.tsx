import { redirect } from "react-router";
import { dashboardOf } from "~/modules/access";
import { principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/dashboard-redirect";

/** `/dashboard` sends a user to their area's dashboard. */
export async function loader({ context }: Route.LoaderArgs) {
  const principal = principalOf(context);
  requirePermission(principal, "profile:read");
  return redirect(dashboardOf(principal.role!));
}
