import { z } from "zod";

/** What the notifications page posts: open one (read, then its page), mark one read, or all. */
export const notificationIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("read"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("readAll") }),
]);
