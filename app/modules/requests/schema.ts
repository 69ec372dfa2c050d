import { revokeIntentSchema } from "~/modules/issuing/schema";
import { MAX_ID } from "~/platform/db/values";
import { z } from "zod";
import { REQUEST_STATUSES } from "~/platform/db/schema";
import { optionalLanguages } from "~/platform/forms/bilingual";

export const statusFilterSchema = z.enum(REQUEST_STATUSES).optional().catch(undefined);

export const beneficiaryEditSchema = z.object({
  requestMessage: z.string().trim().max(2000).default(""),
});

/** The Update Status dialog: Pending, Approved or Rejected (COMPLETED is set only by issuing). */
export const statusUpdateSchema = z.object({
  status: z.enum(["PENDING", "APPROVED", "REJECTED"], { error: "staff.statusInvalid" }),
  securePlusEnabled: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  note: optionalLanguages(1000),
});

/** Accept or reject a supporting document, or undo the decision (back to PENDING). */
const attachmentReviewSchema = z.object({
  attachmentId: z.coerce.number().int().positive().max(MAX_ID),
  status: z.enum(["APPROVED", "REJECTED", "PENDING"]),
});

/** The staff request page's forms, one intent each: change the status, review a supporting document, revoke. */
/** Confirming the holder's national ID in person: the number the page showed, and the clerk's word that they saw it. */
export const confirmNinSchema = z.object({
  intent: z.literal("confirmNin"),
  nin: z.string().regex(/^\d{1,20}$/),
  seen: z.literal("on", { error: "identity.confirm.seenRequired" }),
});

export const staffRequestActionSchema = z.discriminatedUnion("intent", [
  statusUpdateSchema.extend({ intent: z.literal("status") }),
  attachmentReviewSchema.extend({ intent: z.literal("review") }),
  revokeIntentSchema,
  confirmNinSchema,
]);
export type StaffRequestIntent = z.infer<typeof staffRequestActionSchema>["intent"];

/** What each intent of the staff request page needs besides reading the request. */
export const CAPABILITY_OF_INTENT = {
  status: "request:update",
  review: "request:update",
  revoke: "request:revoke",
  confirmNin: "request:update",
} as const satisfies Record<StaffRequestIntent, string>;
