import { PeopleList } from "~/components/people/people-list";
import type { Route } from "./+types/service-admins";
import { loadPeople } from "./people.server";

export const loader = (args: Route.LoaderArgs) => loadPeople(args, "SERVICE_ADMIN");

export default function List({ loaderData }: Route.ComponentProps) {
  return <PeopleList role="SERVICE_ADMIN" {...loaderData} />;
}
