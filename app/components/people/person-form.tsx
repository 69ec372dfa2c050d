import { useZodForm } from "~/components/forms/zod-form";
import { type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/platform/i18n/react";
import { useArea } from "~/components/layout/area-shell";
import { CLIENT_ADMIN_PERMISSIONS, mustLinkTo, type ClientAdminPermission } from "~/modules/access";
import { PERSON_KINDS } from "~/modules/people/kinds";
import { personSchemaOf, type ClerkInput, type ClientAdminInput, type ManagedRole } from "~/modules/people/schema";
import { personName, type PersonNames } from "~/utils/format";
import { AdminFields, ClerkFields, ClientAdminFields } from "./person-fields";
import { FormPage } from "~/components/ui/form-page";

export interface EditedPerson extends PersonNames {
  id: number;
  email: string;
  phone: string | null;
  nin: string | null;
  job_title: string | null;
  can_do_attestation: number | null;
  permissions: ClientAdminPermission[];
  client_id?: number | null;
}

interface ClientOption {
  id: number;
  name_en: string;
  name_ar: string;
}

const defaultsOf = (person: EditedPerson | null) =>
  person
    ? {
        firstName: { english: person.first_name_en, arabic: person.first_name_ar },
        lastName: { english: person.last_name_en, arabic: person.last_name_ar },
        email: person.email,
        phone: person.phone ?? "",
        nin: person.nin ?? "",
        jobTitle: person.job_title ?? "",
        clientId: person.client_id ?? undefined,
        canDoAttestation: person.can_do_attestation === 1 ? "on" : undefined,
        // A stored empty list means every permission: show them all ticked.
        permissions: person.permissions.length > 0 ? person.permissions : [...CLIENT_ADMIN_PERMISSIONS],
      }
    : { permissions: [...CLIENT_ADMIN_PERMISSIONS] };

/** Create and edit a service admin, a client admin or a clerk: one form, the kind's schema on both sides. */
export function PersonForm({
  role,
  person,
  lastResult,
  clients = null,
}: {
  role: ManagedRole;
  person: EditedPerson | null;
  lastResult: SubmissionResult<string[]> | undefined;
  clients?: ClientOption[] | null;
}) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const kind = PERSON_KINDS[role];
  const schema = personSchemaOf(role, person ? "edit" : "create");
  const [form, fields] = useZodForm<typeof schema, ClientAdminInput & ClerkInput>(schema, {
    lastResult,
    defaultValue: defaultsOf(person),
  });
  const name = person ? personName(i18n.language, person) : "";
  const title = person ? t("admin.editPerson", { name }) : t(kind.labels.create);
  const back = person ? mustLinkTo(area, kind.screens.detail, { id: person.id }) : mustLinkTo(area, kind.screens.list);
  return (
    <FormPage title={title} back={{ href: back, label: t("wizard.back") }} form={form}>
      <AdminFields fields={fields} editing={Boolean(person)} />
      {role === "CLIENT_ADMIN" ? (
        <ClientAdminFields
          jobTitle={fields.jobTitle}
          canDoAttestation={fields.canDoAttestation}
          permissions={fields.permissions}
        />
      ) : null}
      {role === "CLERK" ? (
        <ClerkFields jobTitle={fields.jobTitle} clientId={fields.clientId} clients={clients} />
      ) : null}
    </FormPage>
  );
}
