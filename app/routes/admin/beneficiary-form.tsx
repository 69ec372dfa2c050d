import { PersonForm } from "~/components/people/person-form";
import type { Route } from "./+types/beneficiary-form";
import { loadPersonForm, savePerson } from "./people.server";

/** `create` and `edit/{id}`: docs/product.md, Rules and messages, "User create" and "User edit". */
export const loader = (args: Route.LoaderArgs) => loadPersonForm(args, "BENEFICIARY");
export const action = (args: Route.ActionArgs) => savePerson(args, "BENEFICIARY");

export default function Edit({ loaderData, actionData }: Route.ComponentProps) {
  return <PersonForm role="BENEFICIARY" person={loaderData.person} lastResult={actionData} />;
}
