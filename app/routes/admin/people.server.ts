import { readIntent } from "~/platform/http/body.server";
import { Refusal, conflict } from "~/platform/outcome";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { idOf } from "~/platform/db/values";
import { parseWithZod } from "@conform-to/zod/v4";
import { type RouterContextProvider } from "react-router";
import { getDb } from "~/platform/db/db.server";
import { latestAttestationsOf } from "~/modules/attestations/queries.server";
import { latestRequestsOf } from "~/modules/dashboard/queries.server";
import { bytesStoredBy } from "~/modules/files/queries.server";
import { env } from "~/platform/env.server";
import { mustLinkTo, parsePermissions, scopeFilter } from "~/modules/access";
import { areaOf, notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import type { Principal } from "~/modules/access";
import { exportFormatOf } from "~/platform/exports/table.server";
import { peopleExport } from "~/modules/people/export.server";
import { PERSON_KINDS } from "~/modules/people/kinds";
import {
  clientExists,
  clientOptions,
  findClerk,
  findPerson,
  latestActionsOf,
  listClerks,
  listPeople,
} from "~/modules/people/queries.server";
import { personIntentSchema, personSchemaOf, type ManagedRole, type PersonIntent } from "~/modules/people/schema";
import {
  changeStatus,
  createPerson,
  editPerson,
  reinvite,
  sendResetLink,
  signOutEverywhere,
} from "~/modules/people/service.server";
import { getLocale } from "~/middleware/i18next.server";
import { listScreenData, searchOf } from "~/platform/paging";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { readForm } from "~/platform/http/body.server";

/** The loader and action arguments these screens read (the same in every area they are mounted in). */
interface Args {
  request: Request;
  url: URL;
  params: { id?: string };
  context: Readonly<RouterContextProvider>;
}

/** The service-admin, client-admin and clerk screens are one set of screens over PERSON_KINDS (docs/architecture.md §16). */
export async function loadPeople({ url, context }: Args, role: ManagedRole) {
  const principal = requirePermission(principalOf(context), PERSON_KINDS[role].capability);
  if (role !== "CLERK")
    return listScreenData(url, async (filter) => ({
      ...(await listPeople(getDb(), role, filter)),
      view: "work" as const,
      clients: null,
      clientId: null,
    }));
  // A client admin sees their client's clerks; the super admin all, or one client's (`?client=`).
  const scoped = scopeFilter(principal).clientId;
  return listScreenData(url, async (filter, url) => {
    const clientId = clerkClientOf(principal, url);
    return {
      ...(await listClerks(getDb(), { ...filter, clientId })),
      view: url.pathname.includes("/clerk-users") ? ("access" as const) : ("work" as const),
      clients: scoped === undefined ? await clientOptions(getDb()) : null,
      clientId: clientId ?? null,
    };
  });
}

/** The client whose clerks a list shows: a client admin's own; the super admin's, all or one (`?client=`). */
function clerkClientOf(principal: Principal, url: URL) {
  return scopeFilter(principal).clientId ?? (idOf(url.searchParams.get("client")) || undefined);
}

/** A people list's download, with the list's search (and client). */
export function exportPeople({ url, context }: Args, role: ManagedRole) {
  const principal = requirePermission(principalOf(context), PERSON_KINDS[role].capability);
  const format = exportFormatOf(url);
  if (!format) throw notFound();
  return peopleExport(
    getDb(),
    role,
    { q: searchOf(url), clientId: role === "CLERK" ? clerkClientOf(principal, url) : undefined },
    { lng: getLocale(context), format },
  );
}

/** The role of the people list a download is mounted beside (its path segment, routes.ts). */
const ROLE_OF_LIST: Record<string, ManagedRole> = {
  "service-admins-management": "SERVICE_ADMIN",
  "client-admins-management": "CLIENT_ADMIN",
  "clerks-management": "CLERK",
  clerks: "CLERK",
  "clerk-users": "CLERK",
  "beneficiaries-management": "BENEFICIARY",
};

export function roleOfListPath(pathname: string): ManagedRole {
  const role = ROLE_OF_LIST[pathname.split("/").at(-2) ?? ""];
  if (!role) throw notFound();
  return role;
}

const NO_CLIENT_ADMIN_FIELDS = { permissions: null, can_do_attestation: null, primary_admin_id: null };
const NO_CLERK_FIELDS = { last_sign_in_at: null, open_sessions: null, requests_handled: null };

async function findManaged(role: ManagedRole, id: number) {
  if (role !== "CLERK") {
    const person = await findPerson(getDb(), role, id);
    return person && { ...person, ...NO_CLERK_FIELDS };
  }
  const clerk = await findClerk(getDb(), id);
  return clerk && { ...clerk, ...NO_CLIENT_ADMIN_FIELDS };
}

/** The person of `{id}` within the principal's scope (a clerk of another client is 404). */
async function personOf({ params, context }: Args, role: ManagedRole) {
  const capability = PERSON_KINDS[role].capability;
  const principal = requirePermission(principalOf(context), capability);
  const person =
    params.id === undefined ? null : requirePermission(principal, capability, await findManaged(role, idOf(params.id)));
  return { principal, person: person && { ...person, permissions: parsePermissions(person.permissions) } };
}

export async function loadPerson(args: Args, role: ManagedRole) {
  const { person } = await personOf(args, role);
  const latestActions = role === "CLERK" ? await latestActionsOf(getDb(), person!.id) : [];
  const latestRequests = role === "BENEFICIARY" ? await latestRequestsOf(getDb(), person!.id) : [];
  const latestAttestations = role === "BENEFICIARY" ? await latestAttestationsOf(getDb(), person!.id) : [];
  // What a beneficiary's uploads keep stored, against the quota (README, Security limits).
  const storage =
    role === "BENEFICIARY" ? { used: await bytesStoredBy(getDb(), person!.id), quota: env.storageQuotaBytes } : null;
  return {
    person: person!,
    latestActions,
    latestRequests,
    latestAttestations,
    storage,
    dialog: args.url.searchParams.get("dialog"),
  };
}

export async function loadPersonForm(args: Args, role: ManagedRole) {
  const { principal, person } = await personOf(args, role);
  // The super admin chooses a clerk's client; a client admin's clerks are of their client.
  const chooseClient = role === "CLERK" && scopeFilter(principal).clientId === undefined;
  return { person, clients: chooseClient ? await clientOptions(getDb()) : null };
}

const INTENT_TOASTS: Record<PersonIntent, string> = {
  deactivate: "admin.personDeactivated",
  reactivate: "admin.personReactivated",
  invite: "admin.invitationSent",
  resetLink: "admin.resetLinkSent",
  signOut: "admin.signedOutEverywhere",
};

/**
 * From the detail page: deactivate or reactivate (people are never deleted), mail a set-password or a
 * password-reset link, or end every session ("sign out everywhere").
 */
export async function changePersonStatus(args: Args, role: ManagedRole) {
  const { principal, person } = await personOf(args, role);
  const { intent: known } = await readIntent(args.request, personIntentSchema);
  // Links and sign-outs are for active people only, as the page offers them: an inactive person cannot sign in.
  if (person!.status !== "ACTIVE" && known !== "reactivate" && known !== "deactivate")
    throw new Refusal(conflict("bulk.accountInactive"), "inactive");
  const db = getDb();
  const id = person!.id;
  if (known === "deactivate" || known === "reactivate") await changeStatus(db, role, id, known, principal);
  else if (known === "invite") await reinvite(db, id, principal);
  else if (known === "resetLink") await sendResetLink(db, role, id, principal);
  else await signOutEverywhere(db, role, id, principal);
  return redirectWithToast(mustLinkTo(areaOf(args.context)!, PERSON_KINDS[role].screens.detail, { id }), {
    kind: "success",
    message: INTENT_TOASTS[known],
    params: {
      name: {
        en: `${person!.first_name_en} ${person!.last_name_en}`,
        ar: `${person!.first_name_ar} ${person!.last_name_ar}`,
      },
    },
  });
}

/** Create (`create`) or save (`edit/{id}`): validation errors and a taken email re-render the form. */
export async function savePerson(args: Args, role: ManagedRole) {
  const { principal, person } = await personOf(args, role);
  const submission = parseWithZod(await readForm(args.request), {
    schema: personSchemaOf(role, person ? "edit" : "create"),
  });
  if (submission.status !== "success") return replyInvalid(submission, { hideFields: ["password"] });
  const db = getDb();
  let clientId: number | undefined;
  if (role === "CLERK") {
    // A client admin's clerk belongs to their client whatever is posted; the super admin names a client.
    clientId = scopeFilter(principal).clientId ?? submission.value.clientId;
    if (clientId === undefined || !(await clientExists(db, clientId))) {
      return replyInvalid(submission, {
        fieldErrors: { clientId: ["validation.clientRequired"] },
        hideFields: ["password"],
      });
    }
  }
  const result = person
    ? await editPerson(db, role, person.id, submission.value, principal, clientId)
    : await createPerson(db, role, submission.value, principal, clientId);
  if (!result.ok) return replyRefused(result, submission, { hideFields: ["password"] });
  const kind = PERSON_KINDS[role];
  return redirectWithToast(mustLinkTo(areaOf(args.context)!, kind.screens.detail, { id: result.id }), {
    kind: "success",
    message: person ? kind.labels.saved : kind.labels.created,
    params: {
      name: {
        en: `${submission.value.firstName.english} ${submission.value.lastName.english}`,
        ar: `${submission.value.firstName.arabic} ${submission.value.lastName.arabic}`,
      },
    },
  });
}
