import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
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
import { CURRENCIES, fromMinorUnits } from "~/modules/catalogue/schema";
import { findClientCategory } from "~/modules/organisations/queries.server";
import { clientCategorySchema } from "~/modules/organisations/schema";
import { createClientCategory, editClientCategory } from "~/modules/organisations/service.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { pick } from "~/utils/format";
import type { Route } from "./+types/client-category-form";

/** Create (`create`) and edit (`edit/{id}`) a client category: one form (spec section 5, "Client category"). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const principal = requirePermission(principalOf(context), "clientCategory:manage");
  if (params.id === undefined) return { category: null };
  return { category: requirePermission(principal, "clientCategory:manage", await findClientCategory(getDb(), Number(params.id))) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const principal = requirePermission(principalOf(context), "clientCategory:manage");
  const db = getDb();
  const area = areaOf(context)!;
  const existing = params.id === undefined ? null : requirePermission(principal, "clientCategory:manage", await findClientCategory(db, Number(params.id)));
  const submission = parseWithZod(await request.formData(), { schema: clientCategorySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  if (existing) {
    await editClientCategory(db, existing.id, submission.value, principal);
    return redirectWithToast(mustLinkTo(area, "clientCategory", { id: existing.id }), { kind: "success", message: "admin.clientCategorySaved" });
  }
  const id = await createClientCategory(db, submission.value, principal);
  return redirectWithToast(mustLinkTo(area, "clientCategory", { id }), { kind: "success", message: "admin.clientCategoryCreated" });
}

export default function ClientCategoryForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const area = useArea();
  const navigation = useNavigation();
  const { category } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData,
    defaultValue: category
      ? {
          name: { english: category.name_en, arabic: category.name_ar },
          description: { english: category.description_en, arabic: category.description_ar },
          fee: fromMinorUnits(category.fee, category.currency),
          currency: category.currency,
          validityPeriod: String(category.validity_period_days),
        }
      : { currency: "JOD", validityPeriod: "365" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clientCategorySchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const name = fields.name.getFieldset();
  const description = fields.description.getFieldset();
  const title = category ? t("admin.editClientCategory", { name: pick(i18n.language, category.name_en, category.name_ar) }) : t("admin.newClientCategory");
  const { key: _currencyKey, ...currencyProps } = getSelectProps(fields.currency);
  const back = category ? mustLinkTo(area, "clientCategory", { id: category.id }) : mustLinkTo(area, "clientCategories");
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageTitle title={title} />
      <Link to={back} className="text-sm text-accent-11 underline">
        {t("wizard.back")}
      </Link>
      <h1 className="text-2xl font-bold">{title}</h1>
      <Card>
        <Form method="post" {...getFormProps(form)} noValidate className="grid gap-4 md:grid-cols-2">
          <Field label={t("catalogue.nameEnglish")} dir="ltr" lang="en" {...inputProps(name.english, "text")} />
          <Field label={t("catalogue.nameArabic")} dir="rtl" lang="ar" {...inputProps(name.arabic, "text")} />
          <Field label={t("catalogue.descriptionEnglish")} dir="ltr" lang="en" {...inputProps(description.english, "text")} />
          <Field label={t("catalogue.descriptionArabic")} dir="rtl" lang="ar" {...inputProps(description.arabic, "text")} />
          <Field label={t("catalogue.fee")} hint={t("catalogue.feeHint")} inputMode="decimal" dir="ltr" {...inputProps(fields.fee, "text")} />
          <div className="flex flex-col gap-1">
            <label htmlFor={fields.currency.id} className="text-sm font-medium">
              {t("catalogue.currency")}
            </label>
            <select {...currencyProps} className="rounded-md border border-gray-7 bg-white px-3 py-2" dir="ltr">
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
            {fields.currency.errors ? <p id={fields.currency.errorId} className="text-sm text-red-11">{t(fields.currency.errors[0])}</p> : null}
          </div>
          <Field label={t("catalogue.validityPeriod")} inputMode="numeric" dir="ltr" {...inputProps(fields.validityPeriod, "text")} />
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
