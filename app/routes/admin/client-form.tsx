import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid, replyRefused } from "~/platform/forms/reply.server";
import { checkboxProps } from "~/components/forms/conform";
import { BilingualFields } from "~/components/forms/bilingual-fields";
import { fromFlag, idOf } from "~/platform/db/values";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { SelectField } from "~/components/forms/select-field";
import { useArea } from "~/components/layout/area-shell";
import { CheckboxField } from "~/components/ui/field";
import { getDb } from "~/platform/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { assignableClientAdmins, clientCategoryOptions, findClient } from "~/modules/organisations/queries.server";
import { clientSchema } from "~/modules/organisations/schema";
import { saveClient } from "~/modules/organisations/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { personName, pick, namedOptions } from "~/utils/format";
import type { Route } from "./+types/client-form";
import { FormPage } from "~/components/ui/form-page";
import { readForm } from "~/platform/http/body.server";

async function load(context: Route.LoaderArgs["context"], id: string | undefined) {
  const principal = requirePermission(principalOf(context), "client:manage");
  const client =
    id === undefined ? null : requirePermission(principal, "client:manage", await findClient(getDb(), idOf(id)));
  return { principal, client };
}

/** Create (`create`) and edit (`edit/{id}`) a client: docs/product.md, Rules and messages "Client", docs/architecture.md §14 and §16. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { client } = await load(context, params.id);
  const db = getDb();
  return {
    client,
    categories: await clientCategoryOptions(db),
    admins: await assignableClientAdmins(db, client?.id ?? null),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { principal, client } = await load(context, params.id);
  const submission = parseWithZod(await readForm(request), { schema: clientSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const result = await saveClient(getDb(), client?.id ?? null, submission.value, principal);
  if (!result.ok) return replyRefused(result, submission);
  return redirectWithToast(mustLinkTo(areaOf(context)!, "client", { id: result.id }), {
    kind: "success",
    message: client ? "admin.clientSaved" : "admin.clientCreated",
    params: { name: { en: submission.value.name.english, ar: submission.value.name.arabic } },
  });
}

export default function ClientForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const lng = i18n.language;
  const { client, categories, admins } = loaderData;
  const [form, fields] = useZodForm(clientSchema, {
    lastResult: actionData,
    defaultValue: client
      ? {
          name: { english: client.name_en, arabic: client.name_ar },
          address: { english: client.address_en ?? "", arabic: client.address_ar ?? "" },
          clientCategoryId: String(client.client_category_id),
          clientAdminId: client.client_admin_id ? String(client.client_admin_id) : "",
          canDoSincera: fromFlag(client.can_do_sincera) ? "on" : undefined,
          canDoAttestation: fromFlag(client.can_do_attestation) ? "on" : undefined,
        }
      : {},
  });
  const title = client
    ? t("admin.editClient", { name: pick(lng, client.name_en, client.name_ar) })
    : t("admin.newClient");
  const back = client ? mustLinkTo(area, "client", { id: client.id }) : mustLinkTo(area, "clients");
  return (
    <FormPage title={title} back={{ href: back, label: t("wizard.back") }} form={form}>
      <BilingualFields field={fields.name} english={t("catalogue.nameEnglish")} arabic={t("catalogue.nameArabic")} />
      <BilingualFields field={fields.address} english={t("admin.addressEnglish")} arabic={t("admin.addressArabic")} />
      <SelectField
        field={fields.clientCategoryId}
        label={t("admin.clientCategory")}
        placeholder={t("admin.chooseClientCategory")}
        options={namedOptions(lng, categories)}
      />
      <SelectField
        field={fields.clientAdminId}
        label={t("admin.primaryClientAdmin")}
        placeholder={t("admin.noPrimaryAdmin")}
        options={admins.map((admin) => ({ id: admin.id, label: personName(lng, admin) }))}
      />
      <p className="text-xs text-gray-11 md:col-span-2">{t("admin.primaryAdminHint")}</p>
      <CheckboxField label={t("admin.canDoSincera")} {...checkboxProps(fields.canDoSincera)} />
      <CheckboxField label={t("admin.canDoAttestation")} {...checkboxProps(fields.canDoAttestation)} />
    </FormPage>
  );
}
