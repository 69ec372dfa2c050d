import { PersonForm } from "~/components/people/person-form";
import type { Route } from "./+types/clerk-form";
import { loadPersonForm, savePerson } from "./people.server";

/** `create` and `edit/{id}`: the admin form, a job title and (for the super admin) the clerk's client. */
export const loader = (args: Route.LoaderArgs) => loadPersonForm(args, "CLERK");
export const action = (args: Route.ActionArgs) => savePerson(args, "CLERK");

export default function Edit({ loaderData, actionData }: Route.ComponentProps) {
  return <PersonForm role="CLERK" person={loaderData.person} clients={loaderData.clients} lastResult={actionData} />;
}
