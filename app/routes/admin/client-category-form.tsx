import { useZodForm } from "~/components/forms/zod-form";
import { replyInvalid } from "~/platform/forms/reply.server";
import { idOf } from "~/platform/db/values";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/platform/i18n/react";
import { PricedFields } from "~/components/catalogue/priced-fields";
import { useArea } from "~/components/layout/area-shell";
import { getDb } from "~/platform/db/db.server";
import { mustLinkTo } from "~/modules/access";
import { areaOf, principalOf, requirePermission } from "~/modules/access/require.server";
import { pricedFormValuesOf } from "~/modules/catalogue/schema";
import { findClientCategory } from "~/modules/organisations/queries.server";
import { clientCategorySchema, type ClientCategoryInput } from "~/modules/organisations/schema";
import { createClientCategory, editClientCategory } from "~/modules/organisations/service.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { pick } from "~/utils/format";
import type { Route } from "./+types/client-category-form";
import { FormPage } from "~/components/ui/form-page";
import { readForm } from "~/platform/http/body.server";

/** Create (`create`) and edit (`edit/{id}`) a client category: one form (docs/product.md, Rules and messages, "Client category"). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "clientCategory:manage");
  if (params.id === undefined) return { category: null };
  return {
    category: requirePermission(principal, "clientCategory:manage", await findClientCategory(getDb(), idOf(params.id))),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "clientCategory:manage");
  const db = getDb();
  const area = areaOf(context)!;
  const existing =
    params.id === undefined
      ? null
      : requirePermission(principal, "clientCategory:manage", await findClientCategory(db, idOf(params.id)));
  const submission = parseWithZod(await readForm(request), { schema: clientCategorySchema });
  if (submission.status !== "success") return replyInvalid(submission);
  if (existing) {
    await editClientCategory(db, existing.id, submission.value, principal);
    return redirectWithToast(mustLinkTo(area, "clientCategory", { id: existing.id }), {
      kind: "success",
      message: "admin.clientCategorySaved",
    });
  }
  const id = await createClientCategory(db, submission.value, principal);
  return redirectWithToast(mustLinkTo(area, "clientCategory", { id }), {
    kind: "success",
    message: "admin.clientCategoryCreated",
  });
}

export default function ClientCategoryForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const { category } = loaderData;
  const [form, fields] = useZodForm<typeof clientCategorySchema, ClientCategoryInput>(clientCategorySchema, {
    lastResult: actionData,
    defaultValue: pricedFormValuesOf(category),
  });
  const title = category
    ? t("admin.editClientCategory", { name: pick(i18n.language, category.name_en, category.name_ar) })
    : t("admin.newClientCategory");
  const back = category
    ? mustLinkTo(area, "clientCategory", { id: category.id })
    : mustLinkTo(area, "clientCategories");
  return (
    <FormPage title={title} back={{ href: back, label: t("wizard.back") }} form={form}>
      <PricedFields fields={fields} />
    </FormPage>
  );
}
