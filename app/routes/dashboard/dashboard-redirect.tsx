import { redirect } from "react-router";
import { requireUser } from "~/middleware/guard.server";
import { dashboardPathOf } from "~/modules/navigation/areas";
import type { Route } from "./+types/dashboard-redirect";

/** `/dashboard` sends a user to their area's dashboard. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return redirect(dashboardPathOf(requireUser(context, request).role));
}
