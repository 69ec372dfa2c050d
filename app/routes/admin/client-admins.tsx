import { PeopleList } from "~/components/people/people-list";
import type { Route } from "./+types/client-admins";
import { loadPeople } from "./people.server";

export const loader = (args: Route.LoaderArgs) => loadPeople(args, "CLIENT_ADMIN");

export default function List({ loaderData }: Route.ComponentProps) {
  return <PeopleList role="CLIENT_ADMIN" {...loaderData} />;
}
