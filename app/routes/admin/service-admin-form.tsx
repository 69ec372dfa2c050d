import { PersonForm } from "~/components/people/person-form";
import type { Route } from "./+types/service-admin-form";
import { loadPersonForm, savePerson } from "./people.server";

/** `create` and `edit/{id}`: docs/product.md, Rules and messages, "Admin form". */
export const loader = (args: Route.LoaderArgs) => loadPersonForm(args, "SERVICE_ADMIN");
export const action = (args: Route.ActionArgs) => savePerson(args, "SERVICE_ADMIN");

export default function Edit({ loaderData, actionData }: Route.ComponentProps) {
  return <PersonForm role="SERVICE_ADMIN" person={loaderData.person} lastResult={actionData} />;
}
