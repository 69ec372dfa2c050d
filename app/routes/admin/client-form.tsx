import { getFormProps, getSelectProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/utils/i18n";
import { data, Form, Link, useNavigation } from "react-router";
import { inputProps } from "~/components/forms/conform";
import { useArea } from "~/components/layout/area-shell";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { PageTitle } from "~/components/ui/page-title";
import { getDb } from "~/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { assignableClientAdmins, clientCategoryOptions, findClient } from "~/modules/organisations/queries.server";
import { clientSchema, type ClientInput } from "~/modules/organisations/schema";
import { saveClient } from "~/modules/organisations/service.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { pick } from "~/utils/format";
import type { Route } from "./+types/client-form";

async function load(context: Route.LoaderArgs["context"], id: string | undefined) {
  const principal = requirePermission(principalOf(context), "client:manage");
  const client = id === undefined ? null : requirePermission(principal, "client:manage", await findClient(getDb(), Number(id)));
  return { principal, client };
}

/** Create (`create`) and edit (`edit/{id}`) a client: spec section 5 "Client", DESIGN 14 and 16. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { client } = await load(context, params.id);
  const db = getDb();
  return { client, categories: await clientCategoryOptions(db), admins: await assignableClientAdmins(db, client?.id ?? null) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, client } = await load(context, params.id);
  const submission = parseWithZod(await request.formData(), { schema: clientSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await saveClient(getDb(), client?.id ?? null, submission.value, principal);
  if (!result.ok) return data(submission.reply({ fieldErrors: { [result.field]: [result.message] } }), { status: 409 });
  return redirectWithToast(mustLinkTo(areaOf(context)!, "client", { id: result.id }), {
    kind: "success",
    message: client ? "admin.clientSaved" : "admin.clientCreated",
    params: { name: submission.value.name.english },
  });
}

interface Option {
  id: number;
  label: string;
}

function Select({ field, label, options, placeholder }: { field: FieldMetadata<number | undefined, Record<string, unknown>, string[]>; label: string; options: Option[]; placeholder: string }) {
  const { t } = useTranslation();
  const { key: _key, ...props } = getSelectProps(field);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium">
        {label}
      </label>
      <select {...props} aria-invalid={field.errors ? true : undefined} aria-describedby={field.errors ? field.errorId : undefined} className="rounded-md border border-gray-7 bg-white px-3 py-2">
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
      {field.errors ? (
        <p id={field.errorId} className="text-sm text-red-11">
          {t(field.errors[0])}
        </p>
      ) : null}
    </div>
  );
}

export default function ClientForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const navigation = useNavigation();
  const lng = i18n.language;
  const { client, categories, admins } = loaderData;
  const [form, fields] = useForm<ClientInput>({
    lastResult: actionData,
    defaultValue: client
      ? {
          name: { english: client.name_en, arabic: client.name_ar },
          address: client.address ?? "",
          clientCategoryId: String(client.client_category_id),
          clientAdminId: client.client_admin_id ? String(client.client_admin_id) : "",
          canDoSincera: client.can_do_sincera === 1 ? "on" : undefined,
          canDoAttestation: client.can_do_attestation === 1 ? "on" : undefined,
        }
      : {},
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clientSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const names = fields.name.getFieldset();
  const title = client ? t("admin.editClient", { name: pick(lng, client.name_en, client.name_ar) }) : t("admin.newClient");
  const back = client ? mustLinkTo(area, "client", { id: client.id }) : mustLinkTo(area, "clients");
  const personName = (admin: (typeof admins)[number]) => pick(lng, `${admin.first_name_en} ${admin.last_name_en}`, `${admin.first_name_ar} ${admin.last_name_ar}`);
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={title} />
      <Link to={back} className="text-sm text-accent-11 underline">
        {t("wizard.back")}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      <Card>
        <Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 md:grid-cols-2">
          <Field label={t("catalogue.nameEnglish")} dir="ltr" lang="en" {...inputProps(names.english, "text")} />
          <Field label={t("catalogue.nameArabic")} dir="rtl" lang="ar" {...inputProps(names.arabic, "text")} />
          <Field label={t("admin.address")} className="md:col-span-2" {...inputProps(fields.address, "text")} />
          <Select field={fields.clientCategoryId} label={t("admin.clientCategory")} placeholder={t("admin.chooseClientCategory")} options={categories.map((category) => ({ id: category.id, label: pick(lng, category.name_en, category.name_ar) }))} />
          <Select field={fields.clientAdminId} label={t("admin.primaryClientAdmin")} placeholder={t("admin.noPrimaryAdmin")} options={admins.map((admin) => ({ id: admin.id, label: personName(admin) }))} />
          <p className="text-xs text-gray-11 md:col-span-2">{t("admin.primaryAdminHint")}</p>
          <label className="flex items-center gap-2">
            <input type="checkbox" name={fields.canDoSincera.name} defaultChecked={fields.canDoSincera.initialValue === "on"} />
            <span>{t("admin.canDoSincera")}</span>
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name={fields.canDoAttestation.name} defaultChecked={fields.canDoAttestation.initialValue === "on"} />
            <span>{t("admin.canDoAttestation")}</span>
          </label>
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
