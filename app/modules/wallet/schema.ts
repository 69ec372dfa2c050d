import { z } from "zod";

/** The holder's one post on the wallet page: make an offer. */
export const walletOfferSchema = z.object({ intent: z.literal("offer") });

/** What a reviewer asks a wallet for: a document kind and at least one claim. */
export const presentationQuerySchema = z.object({
  kind: z.enum(["any", "REQUEST", "ATTESTATION"]),
  claims: z
    .array(z.enum(["holder_name", "national_id", "document_name", "document_sha256", "verification_code", "fields"]))
    .min(1)
    .transform((claims) => [...new Set(claims)]),
});
