import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/service-admin-form";

/** Not built yet (issue 9, point 4): for those allowed, a 404 inside the area's shell. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "serviceAdmin:manage");
  throw notFound();
}

export default function Pending() {
  return null;
}
