import type { z } from "zod";
import { categorySchema } from "~/modules/catalogue/schema";

/**
 * Spec section 5, "Client category": the same fields and messages as a document category ('Fee is
 * required', 'Currency is required', 'Validity period is required'), without a client (DESIGN 14).
 */
export const clientCategorySchema = categorySchema.omit({ clientId: true });
export type ClientCategoryInput = z.infer<typeof clientCategorySchema>;
