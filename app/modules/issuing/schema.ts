import { MAX_ID, nowIso } from "~/platform/db/values";
import { z } from "zod";
import { userDate } from "~/utils/digit-schemas";
import { bothLanguages, eitherLanguage } from "~/platform/forms/bilingual";

export const ISSUE_MAX_BYTES = 4 * 1024 * 1024;

const today = () => nowIso().slice(0, 10);

/** The issue form's fields besides the file (docs/product.md, Rules and messages, issue-document form). */
export const issueSchema = z.object({
  documentName: bothLanguages({
    english: "validation.documentNameRequired",
    arabic: "validation.documentNameArabicRequired",
  }),
  securePlusEnabled: z.boolean().default(false),
  /** Where the document comes from: the uploaded file, or the category's template (docs/architecture.md §21). */
  source: z.enum(["upload", "template"]).default("upload"),
  /** From the template, only once the clerk says they checked the draft. */
  confirmDraft: z.boolean().default(false),
  expirationDate: z
    .string({ error: "validation.expirationDateRequired" })
    .trim()
    .min(1, "validation.expirationDateRequired")
    .pipe(userDate("validation.selectValidDate"))
    .refine((value) => value >= today(), "validation.selectValidDate"),
});

/** The clerks' version does not ask the date: today plus the category's validity period. */
export const clerkIssueSchema = issueSchema.omit({ expirationDate: true });

/** The issue form's fields as the page shows them: the schema's, and the file the server checks. */
export type IssueFormFields = z.input<typeof clerkIssueSchema> & { expirationDate?: string; file?: File };

const revokeSchema = z.object({
  issuedDocumentId: z.coerce.number().int().positive().max(MAX_ID),
  reason: eitherLanguage("staff.revokeReasonRequired", { min: 3, max: 500 }),
});

/** The revoke form on a page with one form: its intent named. */
export const revokeIntentSchema = revokeSchema.extend({ intent: z.literal("revoke") });

/**
 * The default expiry date (YYYY-MM-DD): today plus the category's validity period in days. A validity of 0
 * means the document expires at the end of the day it is issued.
 */
export function defaultExpiryDate(validityDays: number, now = new Date()) {
  return new Date(now.getTime() + Math.max(0, validityDays) * 86_400_000).toISOString().slice(0, 10);
}

/** The file name without its extension, as the issue form prefills it. */
export const nameFromFile = (fileName: string) => fileName.replace(/\.[^.]+$/, "");
