import { MAX_ID } from "~/platform/db/values";
import { z } from "zod";

/** ISO 4217 codes offered for fees (validated against this list). */
export const CURRENCIES = [
  "JOD",
  "USD",
  "EUR",
  "GBP",
  "SAR",
  "AED",
  "KWD",
  "QAR",
  "BHD",
  "OMR",
  "EGP",
  "IQD",
  "LBP",
  "SYP",
  "TND",
  "MAD",
  "DZD",
  "TRY",
] as const;

const text = (key: string, min = 1) => z.string({ error: key }).trim().min(min, key).max(200);
const optionalText = z.string().trim().max(2000).optional();

export const categorySchema = z.object({
  name: z.object(
    { english: text("catalogue.nameEnglishRequired"), arabic: text("catalogue.nameArabicRequired") },
    { error: "catalogue.nameEnglishRequired" },
  ),
  description: z.object({ english: optionalText, arabic: optionalText }).optional(),
  fee: z
    .string({ error: "validation.feeRequired" })
    .trim()
    .min(1, "validation.feeRequired")
    .regex(/^\d{1,9}(\.\d{1,3})?$/, "catalogue.feeInvalid"),
  currency: z.enum(CURRENCIES, { error: "validation.currencyRequired" }),
  validityPeriod: z
    .string({ error: "validation.validityPeriodRequired" })
    .trim()
    .min(1, "validation.validityPeriodRequired")
    .regex(/^[1-9]\d{0,4}$/, "catalogue.validityInvalid"),
  clientId: z.coerce
    .number({ error: "validation.clientIdRequired" })
    .int()
    .positive("validation.clientIdRequired")
    .max(MAX_ID, "validation.clientIdRequired")
    .optional(),
});
export type CategoryInput = z.infer<typeof categorySchema>;

/** The stored columns of a priced category (document categories and client categories alike). */
export const pricedValuesOf = (input: Omit<CategoryInput, "clientId">) => ({
  nameEn: input.name.english,
  nameAr: input.name.arabic,
  descriptionEn: input.description?.english ?? "",
  descriptionAr: input.description?.arabic ?? "",
  fee: toMinorUnits(input.fee, input.currency),
  currency: input.currency,
  validityDays: Number(input.validityPeriod),
});

export const requiredFieldSchema = z.object({
  name: z.object(
    {
      english: z
        .string({ error: "validation.englishLabelRequired" })
        .trim()
        .min(2, "validation.englishLabelRequired")
        .max(200),
      arabic: z
        .string({ error: "validation.arabicLabelRequired" })
        .trim()
        .min(2, "validation.arabicLabelRequired")
        .max(200),
    },
    { error: "validation.englishLabelRequired" },
  ),
  documentCategoryId: z.coerce
    .number({ error: "validation.documentCategoryRequired" })
    .int()
    .positive("validation.documentCategoryRequired")
    .max(MAX_ID, "validation.documentCategoryRequired"),
  fieldName: z
    .string({ error: "validation.fieldNameMin" })
    .trim()
    .min(2, "validation.fieldNameMin")
    .max(60)
    .regex(/^[a-z0-9_]+$/, "catalogue.fieldNameChars"),
  fieldType: z.string({ error: "validation.fieldTypeMin" }).trim().min(4, "validation.fieldTypeMin").max(30),
  isRequired: z.boolean().default(false),
});
export type RequiredFieldInput = z.infer<typeof requiredFieldSchema>;

export const supportingTypeSchema = z.object({
  documentType: z.object(
    { english: text("catalogue.documentTypeEnglishRequired"), arabic: text("catalogue.documentTypeArabicRequired") },
    { error: "catalogue.documentTypeEnglishRequired" },
  ),
  description: z.object({ english: optionalText, arabic: optionalText }).optional(),
  documentCategoryId: z.coerce
    .number({ error: "validation.documentCategoryRequired" })
    .int()
    .positive("validation.documentCategoryRequired")
    .max(MAX_ID, "validation.documentCategoryRequired"),
  isRequired: z.boolean().default(false),
});
export type SupportingTypeInput = z.infer<typeof supportingTypeSchema>;

/** Fees are typed in major units and stored in minor units of the currency. */
export function toMinorUnits(amount: string, currency: string) {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const [whole, fraction = ""] = amount.split(".");
  return Number(whole) * 10 ** digits + Number((fraction + "000").slice(0, digits) || 0);
}

export function fromMinorUnits(minor: number, currency: string) {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}

/** `documentCategoryId` from the URL: a positive integer, or null. */
export function categoryIdParam(request: Request) {
  const value = new URL(request.url).searchParams.get("documentCategoryId");
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The one-button toggle of a child's `isRequired` on the lists and the category page. */
export const childToggleSchema = z.object({
  intent: z.literal("toggle"),
  id: z.coerce.number().int().positive().max(MAX_ID),
  redirectTo: z.string().optional(),
});

/** A priced row (a document category, a client category) as the database holds it. */
export interface PricedRow {
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  fee: number;
  currency: string;
  validity_period_days: number;
}

/** A priced row as its edit form starts; a new one: JOD, 365 days. */
export function pricedFormValuesOf(row: PricedRow | null): {
  name?: { english: string; arabic: string };
  description?: { english: string; arabic: string };
  fee?: string;
  currency: string;
  validityPeriod: string;
} {
  if (!row) return { currency: "JOD", validityPeriod: "365" };
  return {
    name: { english: row.name_en, arabic: row.name_ar },
    description: { english: row.description_en, arabic: row.description_ar },
    fee: fromMinorUnits(row.fee, row.currency),
    currency: row.currency,
    validityPeriod: String(row.validity_period_days),
  };
}
