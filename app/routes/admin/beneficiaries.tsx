import { PeopleList } from "~/components/people/people-list";
import type { Route } from "./+types/beneficiaries";
import { loadPeople } from "./people.server";

/** The super admin's beneficiaries: search by name, email, phone or national id. */
export const loader = (args: Route.LoaderArgs) => loadPeople(args, "BENEFICIARY");

export default function List({ loaderData }: Route.ComponentProps) {
  return <PeopleList role="BENEFICIARY" {...loaderData} />;
}
