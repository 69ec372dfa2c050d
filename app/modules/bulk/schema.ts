import { z } from "zod";

/** The upload form's two buttons: check only (the dry run), or check and, when every row holds, start the job. */
export const bulkUploadSchema = z.object({ intent: z.enum(["check", "issue"], { error: "bulk.selectFile" }) });

/** The job page's posts. */
export const bulkJobIntentSchema = z.object({ intent: z.enum(["cancel", "retry"]) });
