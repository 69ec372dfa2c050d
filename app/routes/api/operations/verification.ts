import { z } from "zod";
import { getDb } from "~/platform/db/db.server";
import { apiError, bilingual } from "~/platform/api/errors.server";
import { hit } from "~/platform/security/rate-limit.server";
import { normalizeCode } from "~/modules/verification/code";
import { findIssuedDocumentByCode } from "~/modules/verification/queries.server";
import { pinSchema } from "~/modules/verification/schema";
import {
  checkAccessPin,
  pinRetryAfterSeconds,
  VERIFY_WINDOW_MS,
  verdictOf,
  verifyCode,
} from "~/modules/verification/service.server";
import { view, type VerificationView } from "~/modules/verification/view";
import { env } from "~/platform/env.server";
import { operation } from "../operation";
import { fromFlag } from "~/platform/db/values";
import { SUPERSEDED } from "~/modules/issuing/revocation";

const bilingualName = z.object({ english: z.string(), arabic: z.string() });

export const verificationSchema = z
  .object({
    code: z.string(),
    verdict: z.enum(["VALID", "EXPIRED", "REVOKED", "NOT_FOUND"]),
    document: z
      .object({
        kind: z.enum(["DOCUMENT", "ATTESTATION"]),
        name: z.object({ english: z.string(), arabic: z.string() }),
        issuer: bilingualName,
        issuedAt: z.string(),
        expiresAt: z.string(),
        revokedAt: z.string().nullable(),
        revocationReason: z.object({ english: z.string().nullable(), arabic: z.string().nullable() }),
        sha256: z.string(),
        securePlus: z.boolean(),
        /** The holder: without SecurePlus, or after the right PIN (`POST`); null otherwise. */
        holder: bilingualName.nullable(),
      })
      .nullable(),
  })
  .meta({ id: "Verification" });

function answerOf(shown: VerificationView): z.input<typeof verificationSchema> {
  const document = shown.document;
  return {
    code: shown.code,
    verdict: shown.verdict,
    document: document && {
      kind: document.attested ? "ATTESTATION" : "DOCUMENT",
      name: { english: document.name.en, arabic: document.name.ar },
      issuer: { english: document.issuerEn, arabic: document.issuerAr },
      issuedAt: document.issuedAt,
      expiresAt: document.expiresAt,
      revokedAt: document.revokedAt,
      revocationReason:
        document.revocationReason.en === SUPERSEDED
          ? bilingual("verify.superseded")
          : { english: document.revocationReason.en, arabic: document.revocationReason.ar },
      sha256: document.sha256,
      securePlus: document.securePlus,
      holder: document.holderEn !== null ? { english: document.holderEn, arabic: document.holderAr ?? "" } : null,
    },
  };
}

const codeParams = z.object({ code: z.string().max(64) });
const rateLimited = () => apiError(429, undefined, { headers: { "Retry-After": String(VERIFY_WINDOW_MS / 1000) } });
const EXAMPLE_CODE = "ABCD-EFGH-JKMN-PQRS";

export const verificationOperations = [
  operation({
    id: "verifyDocument",
    method: "GET",
    path: "/api/verify/{code}",
    tag: "Verification",
    summary: "Verify a document by its code (anyone)",
    description:
      "What the public page `/verify/{code}` shows, as JSON, under the same rate limit: the verdict, the kind, issuer, dates, document name and SHA-256. An unknown code answers 404 with `success: false` (the page's \"No document has this code\"). The holder's name is given only for documents without SecurePlus; for the others, `POST` the access PIN.",
    public: true,
    params: codeParams,
    failures: [404],
    response: verificationSchema,
    message: "api.messages.verified",
    example: { as: "anonymous", params: { code: EXAMPLE_CODE } },
    async handle({ params, request, ip }) {
      const result = await verifyCode(getDb(), params.code, {
        ip: ip ?? "",
        userAgent: request.headers.get("User-Agent"),
        rateLimit: env.verifyRateLimit,
      });
      if (result === "rate-limited") throw rateLimited();
      // An unknown code is no verified document: 404 and `success: false`, as the page and the POST answer, so that
      // a client reading the status or `success` never takes a forged code as verified.
      if (result.verdict === "NOT_FOUND" || !result.document) throw apiError(404, "verify.verdictText.NOT_FOUND");
      return answerOf(view(result.code ?? params.code.slice(0, 40), result.verdict, result.document, false));
    },
  }),
  operation({
    id: "unlockVerification",
    method: "POST",
    path: "/api/verify/{code}",
    tag: "Verification",
    summary: "Verify a SecurePlus document with its access PIN: the holder too",
    description:
      "The access PIN the holder shared (6 digits). A wrong PIN is 403; after 5 wrong PINs in 15 minutes from one address, or 20 in a day from everyone, 429.",
    public: true,
    params: codeParams,
    body: pinSchema,
    failures: [403, 404],
    response: verificationSchema,
    message: "api.messages.verified",
    example: { as: "anonymous", params: { code: EXAMPLE_CODE }, body: { pin: "123456" } },
    async handle({ params, body, ip }) {
      if (!(await hit(`verify:${ip ?? ""}`, env.verifyRateLimit, VERIFY_WINDOW_MS))) throw rateLimited();
      const code = normalizeCode(params.code);
      const document = code ? await findIssuedDocumentByCode(getDb(), code) : undefined;
      if (!code || !document) throw apiError(404);
      if (fromFlag(document.secure_plus_enabled)) {
        const result = await checkAccessPin(document, body.pin, { visitor: ip ?? "", holder: false });
        if (result === "locked" || result === "lockedToday")
          throw apiError(429, "verify.pinLocked", { headers: { "Retry-After": String(pinRetryAfterSeconds(result)) } });
        if (result === "wrong") throw apiError(403, "verify.pinWrong");
      }
      return answerOf(view(code, verdictOf(document), document, true));
    },
  }),
];
