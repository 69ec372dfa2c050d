import { BilingualFields } from "~/components/forms/bilingual-fields";
import { type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/platform/i18n/react";
import { inputProps } from "~/components/forms/conform";
import { Field } from "~/components/ui/field";
import { CURRENCIES, type PricedRow } from "~/modules/catalogue/schema";
import { SelectField } from "~/components/forms/select-field";
import { bilingualRows, type DetailRow } from "~/components/ui/detail-list";
import { formatMoney, pick } from "~/utils/format";

type Form = Record<string, unknown>;
type Text = FieldMetadata<string, Form, string[]>;
type Bilingual = FieldMetadata<{ english?: string; arabic?: string }, Form, string[]>;
type OptionalBilingual = FieldMetadata<{ english?: string; arabic?: string } | undefined, Form, string[]>;

/**
 * The bilingual name and description, fee, currency and validity period shared by document categories
 * and client categories (the same fields, the same schema).
 */
export function PricedFields({
  fields: { name, description, fee, currency, validityPeriod },
}: {
  fields: {
    name: Bilingual;
    description: OptionalBilingual;
    fee: Text;
    currency: Text;
    validityPeriod: Text;
  };
}) {
  const { t } = useTranslation();
  return (
    <>
      <BilingualFields field={name} english={t("catalogue.nameEnglish")} arabic={t("catalogue.nameArabic")} />
      <BilingualFields
        field={description}
        english={t("catalogue.descriptionEnglish")}
        arabic={t("catalogue.descriptionArabic")}
      />
      <Field
        label={t("catalogue.fee")}
        hint={t("catalogue.feeHint")}
        inputMode="decimal"
        dir="ltr"
        {...inputProps(fee, "text")}
      />
      <SelectField
        field={currency}
        label={t("catalogue.currency")}
        options={CURRENCIES.map((code) => ({ id: code, label: code }))}
        dir="ltr"
      />
      <Field
        label={t("catalogue.validityPeriod")}
        inputMode="numeric"
        dir="ltr"
        {...inputProps(validityPeriod, "text")}
      />
    </>
  );
}

/** The rows of a priced thing's detail page: its names in both languages, description, fee and validity. */
export function pricedRows(
  t: (key: string, options?: Record<string, unknown>) => string,
  lng: string,
  priced: PricedRow,
): DetailRow[] {
  return [
    ...bilingualRows([t("catalogue.nameEnglish"), t("catalogue.nameArabic")], [priced.name_en, priced.name_ar]),
    [t("staff.description"), pick(lng, priced.description_en, priced.description_ar) || "—"],
    [t("staff.fee"), <bdi key="fee">{formatMoney(priced.fee, priced.currency, lng)}</bdi>],
    [t("staff.validity"), t("staff.days", { count: priced.validity_period_days })],
  ];
}
