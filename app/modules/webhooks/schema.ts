import { z } from "zod";
import { WEBHOOK_EVENTS } from "~/platform/webhooks/events";

const isLoopback = (url: URL) => url.hostname === "127.0.0.1";

/**
 * Where a webhook goes: https, or http to 127.0.0.1 when the service is not in production (a receiver on the same
 * machine, for development and tests). No credentials in the address; at most 500 characters.
 */
export const endpointUrl = (production: boolean) =>
  z
    .string({ error: "webhooks.errors.url" })
    .trim()
    .max(500, { error: "webhooks.errors.url" })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          if (url.username || url.password) return false;
          return url.protocol === "https:" || (url.protocol === "http:" && !production && isLoopback(url));
        } catch {
          return false;
        }
      },
      { error: production ? "webhooks.errors.https" : "webhooks.errors.httpsOrLoopback" },
    );

export const endpointSchema = (production: boolean) =>
  z.object({
    url: endpointUrl(production),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: "webhooks.errors.events" }), { error: "webhooks.errors.events" })
      .min(1, { error: "webhooks.errors.events" }),
  });

export type EndpointInput = z.infer<ReturnType<typeof endpointSchema>>;

/** What an endpoint's page posts: its buttons (and the delivery "Send again" names). */
export const endpointIntentSchema = z.object({
  intent: z.enum(["rotate", "disable", "enable", "delete", "resend"]),
  deliveryId: z.coerce.number().int().positive().optional(),
});
