import { redirect } from "react-router";
import { mustLinkTo } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/area-index";

/** `/super-admin`, `/clerks`, ...: the area's dashboard. */
export async function loader({ context }: Route.LoaderArgs) {
  const area = areaOf(context)!;
  // The area's layout checks this too; the index says so itself rather than rely on it.
  requirePermission(principalOf(context), area.capability);
  return redirect(mustLinkTo(area, "dashboard"));
}
