import { z } from "zod";

/** A provider's PKCS#12 is small: a key and a few certificates. */
export const PKCS12_MAX_BYTES = 100 * 1024;

/** The import form's text field (the file is read apart, as every upload is). */
export const signingCertificateImportSchema = z.object({
  password: z.string({ error: "validation.required" }).max(200, { error: "validation.tooLong" }),
});
