import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/utils/i18n";
import { Form, Link, useNavigation } from "react-router";
import { useArea } from "~/components/layout/area-shell";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageTitle } from "~/components/ui/page-title";
import { CLIENT_ADMIN_PERMISSIONS, mustLinkTo, type ClientAdminPermission } from "~/modules/access";
import { PERSON_KINDS } from "~/modules/people/kinds";
import { personSchemaOf, type ClientAdminInput, type ManagedRole } from "~/modules/people/schema";
import { pick } from "~/utils/format";
import { AdminFields, ClientAdminFields } from "./person-fields";

export interface EditedPerson {
  id: number;
  first_name_en: string;
  first_name_ar: string;
  last_name_en: string;
  last_name_ar: string;
  email: string;
  phone: string | null;
  nin: string | null;
  job_title: string | null;
  can_do_attestation: number | null;
  permissions: ClientAdminPermission[];
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
        canDoAttestation: person.can_do_attestation === 1 ? "on" : undefined,
        // A stored empty list means every permission: show them all ticked.
        permissions: person.permissions.length > 0 ? person.permissions : [...CLIENT_ADMIN_PERMISSIONS],
      }
    : { permissions: [...CLIENT_ADMIN_PERMISSIONS] };

/** Create and edit a service admin or a client admin: one form, the kind's schema on both sides. */
export function PersonForm({ role, person, lastResult }: { role: ManagedRole; person: EditedPerson | null; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const navigation = useNavigation();
  const kind = PERSON_KINDS[role];
  const schema = personSchemaOf(role, person ? "edit" : "create");
  const [form, fields] = useForm<ClientAdminInput>({
    lastResult,
    defaultValue: defaultsOf(person),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const name = person ? `${pick(i18n.language, person.first_name_en, person.first_name_ar)} ${pick(i18n.language, person.last_name_en, person.last_name_ar)}` : "";
  const title = person ? t("admin.editPerson", { name }) : t(kind.labels.create);
  const back = person ? mustLinkTo(area, kind.screens.detail, { id: person.id }) : mustLinkTo(area, kind.screens.list);
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={title} />
      <Link to={back} className="text-sm text-accent-11 underline">
        {t("wizard.back")}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      <Card>
        <Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 md:grid-cols-2">
          <AdminFields
            firstName={fields.firstName}
            lastName={fields.lastName}
            email={fields.email}
            phone={fields.phone}
            nin={fields.nin}
            password={fields.password}
            editing={Boolean(person)}
          />
          {role === "CLIENT_ADMIN" ? <ClientAdminFields jobTitle={fields.jobTitle} canDoAttestation={fields.canDoAttestation} permissions={fields.permissions} /> : null}
          <div className="md:col-span-2">
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {t("catalogue.save")}
            </Button>
          </div>
        </Form>
      </Card>
    </div>
  );
}
