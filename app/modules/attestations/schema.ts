import { z } from "zod";
import { eitherLanguage } from "~/platform/forms/bilingual";
import { ATTESTATION_STATUSES } from "~/platform/db/schema";
import { issueSchema } from "~/modules/issuing/schema";

export const attestationStatusFilterSchema = z.enum(ATTESTATION_STATUSES).optional().catch(undefined);

/** The create form's fields besides the file. */
export const attestationCreateSchema = z.object({
  clientId: z.coerce
    .number({ error: "attestations.clientRequired" })
    .int("attestations.clientRequired")
    .positive("attestations.clientRequired"),
  // The spec's attachment rule: a document name of at least 4 characters.
  documentName: z
    .string({ error: "validation.attachmentNameMin" })
    .trim()
    .min(4, "validation.attachmentNameMin")
    .max(200, "attestations.documentNameMax"),
  description: z.string().trim().max(1000, "attestations.descriptionMax").default(""),
  securePlusEnabled: z.boolean().default(false),
});

/** Approve: the attested copy's expiry date (today or later; the form offers today plus one year). */
export const attestationApproveSchema = z.object({ expirationDate: issueSchema.shape.expirationDate });

/** Reject: a note the beneficiary reads, required. */
export const attestationRejectSchema = z.object({
  note: eitherLanguage("attestations.noteRequired", { min: 3, max: 1000 }),
});

/** The decision page's two forms, one intent each. */
export const attestationDecisionSchema = z.discriminatedUnion("intent", [
  attestationApproveSchema.extend({ intent: z.literal("approve") }),
  attestationRejectSchema.extend({ intent: z.literal("reject") }),
]);

/** The beneficiary's one-button cancel of a pending request. */
export const attestationCancelSchema = z.object({ intent: z.literal("cancel") });

/** Today plus one year (YYYY-MM-DD): the approve form's default expiry. */
export function defaultAttestationExpiry(now = new Date()) {
  const next = new Date(now);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next.toISOString().slice(0, 10);
}
