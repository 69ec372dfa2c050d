import { PersonDetail } from "~/components/people/person-detail";
import type { Route } from "./+types/clerk";
import { changePersonStatus, loadPerson } from "./people.server";

export const loader = (args: Route.LoaderArgs) => loadPerson(args, "CLERK");
export const action = (args: Route.ActionArgs) => changePersonStatus(args, "CLERK");

export default function Detail({ loaderData }: Route.ComponentProps) {
  return (
    <PersonDetail
      role="CLERK"
      person={loaderData.person}
      latestActions={loaderData.latestActions}
      dialog={loaderData.dialog}
    />
  );
}
