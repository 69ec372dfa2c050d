import { redirect } from "react-router";
import type { Route } from "./+types/area-index";

/** `/super-admin`, `/clerks`, ...: the area's dashboard. */
export async function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  return redirect(`${pathname.replace(/\/$/, "")}/dashboard`);
}
