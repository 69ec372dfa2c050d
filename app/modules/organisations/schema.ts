import { z } from "zod";
import { CURRENCIES } from "~/modules/catalogue/schema";

const name = (key: string) => z.string({ error: key }).trim().min(1, key).max(200);
const optionalText = z.string().trim().max(2000).optional();

/** Spec section 5, "Client category": fee, currency and validity period are required (DESIGN 14: no client). */
export const clientCategorySchema = z.object({
  name: z.object({ english: name("catalogue.nameEnglishRequired"), arabic: name("catalogue.nameArabicRequired") }, { error: "catalogue.nameEnglishRequired" }),
  description: z.object({ english: optionalText, arabic: optionalText }).optional(),
  fee: z.string({ error: "validation.feeRequired" }).trim().min(1, "validation.feeRequired").regex(/^\d{1,9}(\.\d{1,3})?$/, "catalogue.feeInvalid"),
  currency: z.enum(CURRENCIES, { error: "validation.currencyRequired" }),
  validityPeriod: z
    .string({ error: "validation.validityPeriodRequired" })
    .trim()
    .min(1, "validation.validityPeriodRequired")
    .regex(/^[1-9]\d{0,4}$/, "catalogue.validityInvalid"),
});
export type ClientCategoryInput = z.infer<typeof clientCategorySchema>;
