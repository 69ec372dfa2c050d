import { notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/clients";

/** Not built yet (issue 9, point 4): for those allowed, a 404 inside the area's shell. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePermission(principalOf(context), "client:manage");
  throw notFound();
}

export default function Pending() {
  return null;
}
