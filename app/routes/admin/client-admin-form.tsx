import { PersonForm } from "~/components/people/person-form";
import type { Route } from "./+types/client-admin-form";
import { loadPersonForm, savePerson } from "./people.server";

/** `create` and `edit/{id}`: docs/product.md, Rules and messages, "Client admin". */
export const loader = (args: Route.LoaderArgs) => loadPersonForm(args, "CLIENT_ADMIN");
export const action = (args: Route.ActionArgs) => savePerson(args, "CLIENT_ADMIN");

export default function Edit({ loaderData, actionData }: Route.ComponentProps) {
  return <PersonForm role="CLIENT_ADMIN" person={loaderData.person} lastResult={actionData} />;
}
