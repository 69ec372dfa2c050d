import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid } from "~/platform/forms/reply.server";
import { idOf } from "~/platform/db/values";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { PricedFields } from "~/components/catalogue/priced-fields";
import { findClient, listClientsForChooser } from "~/modules/catalogue/queries.server";
import { categorySchema, pricedFormValuesOf, type CategoryInput } from "~/modules/catalogue/schema";
import { categoryInScope, createCategory, editCategory } from "~/modules/catalogue/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import { getDb } from "~/platform/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { useArea } from "~/components/layout/area-shell";
import { areaOf, notFound, principalOf, requirePermission } from "~/modules/access/require.server";
import type { Route } from "./+types/category-form";
import { FormPage } from "~/components/ui/form-page";
import { readForm } from "~/platform/http/body.server";
import { SelectField } from "~/components/forms/select-field";

/** Create (`create`) and edit (`edit/{id}`) a document category: one form, mounted in every area. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:read");
  const db = getDb();
  const clients = principal.scope.kind === "all" ? await listClientsForChooser(db) : null;
  if (params.id === undefined) return { clients, category: null };
  const category = await categoryInScope(db, idOf(params.id), principal);
  if (!category) throw notFound({ key: "errors.errorLoading" });
  return { clients, category };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "catalogue:write");
  const db = getDb();
  const area = areaOf(context)!;
  // The scope first: another client's category answers 404 whatever the body holds.
  const category = params.id === undefined ? null : await categoryInScope(db, idOf(params.id), principal);
  if (params.id !== undefined && !category) throw notFound();
  const submission = parseWithZod(await readForm(request), { schema: categorySchema });
  if (submission.status !== "success") return replyInvalid(submission);
  if (category) {
    await editCategory(db, category, submission.value, principal);
    return redirectWithToast(mustLinkTo(area, "category", { id: category.id }), {
      kind: "success",
      message: "catalogue.updated",
    });
  }
  // Staff create for their own client; a super admin chooses the client.
  const clientId = principal.clientId ?? submission.value.clientId;
  if (!clientId || !(await findClient(db, clientId))) {
    return replyInvalid(submission, { fieldErrors: { clientId: ["validation.clientIdRequired"] } });
  }
  const id = await createCategory(db, clientId, submission.value, principal);
  return redirectWithToast(mustLinkTo(area, "category", { id: id }), { kind: "success", message: "catalogue.created" });
}

export default function CategoryForm({ loaderData, actionData }: Route.ComponentProps) {
  const area = useArea();
  const { t, i18n } = useTranslation();
  const { category, clients } = loaderData;
  const [form, fields] = useZodForm<typeof categorySchema, CategoryInput>(categorySchema, {
    lastResult: actionData,
    defaultValue: pricedFormValuesOf(category),
  });
  const title = category
    ? t("catalogue.editCategory", { name: pick(i18n.language, category.name_en, category.name_ar) })
    : t("catalogue.createCategory");
  return (
    <FormPage
      title={title}
      back={{
        href: category ? mustLinkTo(area, "category", { id: category.id }) : mustLinkTo(area, "categories"),
        label: t("wizard.back"),
      }}
      form={form}
    >
      {clients && !category ? (
        <SelectField
          field={fields.clientId}
          label={t("catalogue.client")}
          placeholder={t("catalogue.chooseClient")}
          className="md:col-span-2"
          options={clients.map((client) => ({
            id: client.id,
            label: pick(i18n.language, client.name_en, client.name_ar),
          }))}
        />
      ) : null}
      <PricedFields fields={fields} />
    </FormPage>
  );
}
