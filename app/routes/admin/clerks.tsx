import { PeopleList } from "~/components/people/people-list";
import type { Route } from "./+types/clerks";
import { loadPeople } from "./people.server";

/** Mounted as the clerks (work view) and the clerk users (access view) of a client admin, and for the super admin. */
export const loader = (args: Route.LoaderArgs) => loadPeople(args, "CLERK");

export default function List({ loaderData }: Route.ComponentProps) {
  return <PeopleList role="CLERK" {...loaderData} />;
}
