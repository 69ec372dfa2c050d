import { BilingualFields } from "~/components/forms/bilingual-fields";
import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/utils/i18n";
import { inputProps } from "~/components/forms/conform";
import { Field } from "~/components/ui/field";
import { CURRENCIES } from "~/modules/catalogue/schema";

type Form = Record<string, unknown>;
type Text = FieldMetadata<string, Form, string[]>;
type Bilingual = FieldMetadata<{ english?: string; arabic?: string }, Form, string[]>;
type OptionalBilingual = FieldMetadata<{ english?: string; arabic?: string } | undefined, Form, string[]>;

/**
 * The bilingual name and description, fee, currency and validity period shared by document categories
 * and client categories (the same fields, the same schema).
 */
export function PricedFields({
  name,
  description,
  fee,
  currency,
  validityPeriod,
}: {
  name: Bilingual;
  description: OptionalBilingual;
  fee: Text;
  currency: Text;
  validityPeriod: Text;
}) {
  const { t } = useTranslation();
  const { key: _currencyKey, ...currencyProps } = getSelectProps(currency);
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
      <div className="flex flex-col gap-1">
        <label htmlFor={currency.id} className="text-sm font-medium">
          {t("catalogue.currency")}
        </label>
        <select {...currencyProps} className="max-w-full rounded-md border border-gray-7 bg-white px-3 py-2" dir="ltr">
          {CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        {currency.errors ? (
          <p id={currency.errorId} className="text-sm text-red-11">
            {t(currency.errors[0])}
          </p>
        ) : null}
      </div>
      <Field
        label={t("catalogue.validityPeriod")}
        inputMode="numeric"
        dir="ltr"
        {...inputProps(validityPeriod, "text")}
      />
    </>
  );
}
