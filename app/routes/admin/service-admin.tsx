import { PersonDetail } from "~/components/people/person-detail";
import type { Route } from "./+types/service-admin";
import { changePersonStatus, loadPerson } from "./people.server";

export const loader = (args: Route.LoaderArgs) => loadPerson(args, "SERVICE_ADMIN");
export const action = (args: Route.ActionArgs) => changePersonStatus(args, "SERVICE_ADMIN");

export default function Detail({ loaderData }: Route.ComponentProps) {
  return <PersonDetail role="SERVICE_ADMIN" person={loaderData.person} dialog={loaderData.dialog} />;
}
