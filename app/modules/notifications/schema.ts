import { MAX_ID } from "~/platform/db/values";
import { z } from "zod";

/** What the notifications page posts: open one (read, then its page), mark one read, or all. */
export const notificationIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id: z.coerce.number().int().positive().max(MAX_ID) }),
  z.object({ intent: z.literal("read"), id: z.coerce.number().int().positive().max(MAX_ID) }),
  z.object({ intent: z.literal("readAll") }),
]);
