import { redirect } from "react-router";
import { mustLinkTo } from "~/modules/access";
import { areaOf } from "~/modules/access/require.server";
import type { Route } from "./+types/area-index";

/** `/super-admin`, `/clerks`, ...: the area's dashboard. */
export async function loader({ context }: Route.LoaderArgs) {
  return redirect(mustLinkTo(areaOf(context)!, "dashboard"));
}
