import { z } from "zod";
import { WEBHOOK_EVENTS } from "~/platform/webhooks/events";
import { isPrivateHost } from "./addresses";

const isLoopback = (url: URL) => url.hostname === "127.0.0.1";

/** What the deployment lets an endpoint be: plain http to 127.0.0.1 outside production; private networks when allowed. */
export interface EndpointRules {
  production: boolean;
  privateNetworks: boolean;
}

/**
 * Where a webhook goes: https, or http to 127.0.0.1 when the service is not in production (a receiver on the same
 * machine, for development and tests); not a private address written out unless the deployment allows private
 * networks (docs/decisions/0019). No credentials in the address; at most 500 characters.
 */
export const endpointUrl = ({ production, privateNetworks }: EndpointRules) =>
  z
    .string({ error: "webhooks.errors.url" })
    .trim()
    .max(500, { error: "webhooks.errors.url" })
    .superRefine((value, context) => {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        url = new URL("invalid:");
      }
      const allowedScheme = url.protocol === "https:" || (url.protocol === "http:" && !production && isLoopback(url));
      if (url.username || url.password || !allowedScheme) {
        context.addIssue({
          code: "custom",
          message: production ? "webhooks.errors.https" : "webhooks.errors.httpsOrLoopback",
        });
      } else if (!privateNetworks && isPrivateHost(url.hostname)) {
        context.addIssue({ code: "custom", message: "webhooks.errors.privateAddress" });
      }
    });

export const endpointSchema = (rules: EndpointRules) =>
  z.object({
    url: endpointUrl(rules),
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
