import { MAX_ID } from "~/platform/db/values";
import { z } from "zod";
import { categorySchema } from "~/modules/catalogue/schema";

/**
 * docs/product.md, Rules and messages, "Client category": the same fields and messages as a document category ('Fee is
 * required', 'Currency is required', 'Validity period is required'), without a client (docs/architecture.md §14).
 */
export const clientCategorySchema = categorySchema.omit({ clientId: true });
export type ClientCategoryInput = z.infer<typeof clientCategorySchema>;

const addressText = z.string().trim().min(6, "validation.addressMin").max(300);
const nameText = (key: string) => z.string({ error: key }).trim().min(1, key).max(200);

/**
 * docs/product.md, Rules and messages, "Client" with docs/architecture.md §14 and §16: the bilingual name, an address of at least 6
 * characters when given, a client category (required) and optionally its primary client admin, chosen
 * among the client admins without a client.
 */
export const clientSchema = z.object({
  name: z.object(
    { english: nameText("catalogue.nameEnglishRequired"), arabic: nameText("catalogue.nameArabicRequired") },
    { error: "catalogue.nameEnglishRequired" },
  ),
  address: z.object({ english: addressText.optional(), arabic: addressText.optional() }).optional(),
  clientCategoryId: z.coerce
    .number({ error: "validation.clientCategoryRequired" })
    .int()
    .positive("validation.clientCategoryRequired")
    .max(MAX_ID, "validation.clientCategoryRequired"),
  clientAdminId: z.coerce
    .number({ error: "validation.clientAdminRequired" })
    .int()
    .positive("validation.clientAdminRequired")
    .max(MAX_ID, "validation.clientAdminRequired")
    .optional(),
  canDoSincera: z.boolean().default(false),
  canDoAttestation: z.boolean().default(false),
});
export type ClientInput = z.infer<typeof clientSchema>;
