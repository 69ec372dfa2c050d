import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { getDb } from "~/db/db.server";
import { mustLinkTo, parsePermissions } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { PERSON_KINDS } from "~/modules/people/kinds";
import { findPerson, listPeople } from "~/modules/people/queries.server";
import { personSchemaOf, USER_STATUS_INTENTS, type ManagedRole } from "~/modules/people/schema";
import { changeStatus, createPerson, editPerson, reinvite } from "~/modules/people/service.server";
import { pagingOf, searchOf } from "~/modules/requests/schema";
import { redirectWithToast } from "~/modules/toast/toast.server";

/** The loader and action arguments these screens read (the same in every area they are mounted in). */
interface Args {
  request: Request;
  params: { id?: string };
  context: Readonly<RouterContextProvider>;
}

/** The service-admin and client-admin screens are one set of screens over PERSON_KINDS (DESIGN 16). */
export async function loadPeople({ request, context }: Args, role: ManagedRole) {
  requirePermission(principalOf(context), PERSON_KINDS[role].capability);
  const url = new URL(request.url);
  const paging = pagingOf(url);
  const q = searchOf(url);
  const { total, rows } = await listPeople(getDb(), role, { q, ...paging });
  return { rows, total, q, ...paging };
}

async function personOf({ params, context }: Args, role: ManagedRole) {
  const capability = PERSON_KINDS[role].capability;
  const principal = requirePermission(principalOf(context), capability);
  const person = params.id === undefined ? null : requirePermission(principal, capability, await findPerson(getDb(), role, Number(params.id)));
  return { principal, person: person && { ...person, permissions: parsePermissions(person.permissions) } };
}

export async function loadPerson(args: Args, role: ManagedRole) {
  const { person } = await personOf(args, role);
  return { person: person!, dialog: new URL(args.request.url).searchParams.get("dialog") };
}

export async function loadPersonForm(args: Args, role: ManagedRole) {
  return { person: (await personOf(args, role)).person };
}

/** From the detail page: deactivate or reactivate (people are never deleted), or mail a set-password link. */
export async function changePersonStatus(args: Args, role: ManagedRole) {
  const { principal, person } = await personOf(args, role);
  const intent = (await args.request.formData()).get("intent");
  const known = USER_STATUS_INTENTS.find((candidate) => candidate === intent);
  if (!known && intent !== "invite") throw data({ reason: "bad-intent" }, { status: 400 });
  if (known) await changeStatus(getDb(), role, person!.id, known, principal);
  else await reinvite(getDb(), person!.id, principal);
  const kind = PERSON_KINDS[role];
  return redirectWithToast(mustLinkTo(areaOf(args.context)!, kind.screens.detail, { id: person!.id }), {
    kind: "success",
    message: known === "deactivate" ? "admin.personDeactivated" : known === "reactivate" ? "admin.personReactivated" : "admin.invitationSent",
    params: { name: `${person!.first_name_en} ${person!.last_name_en}` },
  });
}

/** Create (`create`) or save (`edit/{id}`): validation errors and a taken email re-render the form. */
export async function savePerson(args: Args, role: ManagedRole) {
  const { principal, person } = await personOf(args, role);
  const submission = parseWithZod(await args.request.formData(), { schema: personSchemaOf(role, person ? "edit" : "create") });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const db = getDb();
  const result = person ? await editPerson(db, role, person.id, submission.value, principal) : await createPerson(db, role, submission.value, principal);
  if (!result.ok) return data(submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields: ["password"] }), { status: 409 });
  const kind = PERSON_KINDS[role];
  return redirectWithToast(mustLinkTo(areaOf(args.context)!, kind.screens.detail, { id: result.id }), {
    kind: "success",
    message: person ? kind.labels.saved : kind.labels.created,
    params: { name: `${submission.value.firstName.english} ${submission.value.lastName.english}` },
  });
}
