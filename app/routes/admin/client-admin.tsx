import { PersonDetail } from "~/components/people/person-detail";
import type { Route } from "./+types/client-admin";
import { changePersonStatus, loadPerson } from "./people.server";

export const loader = (args: Route.LoaderArgs) => loadPerson(args, "CLIENT_ADMIN");
export const action = (args: Route.ActionArgs) => changePersonStatus(args, "CLIENT_ADMIN");

export default function Detail({ loaderData }: Route.ComponentProps) {
  return <PersonDetail role="CLIENT_ADMIN" person={loaderData.person} dialog={loaderData.dialog} />;
}
