import type { IssuedDocument } from "./service.server";
import type { Verdict } from "./verdict";
import { fromFlag } from "~/platform/db/values";
import type { BilingualNote } from "~/utils/bilingual";

/** What a verification shows (the page and the API alike): the holder only without SecurePlus, or after the right PIN. */
export interface VerificationView {
  code: string;
  verdict: Verdict;
  document: null | {
    name: { en: string; ar: string };
    /** An attested copy (docs/architecture.md §6.4): the organisation attested a document the holder already had. */
    attested: boolean;
    issuerEn: string;
    issuerAr: string;
    issuedAt: string;
    expiresAt: string;
    revokedAt: string | null;
    revocationReason: BilingualNote;
    sha256: string;
    securePlus: boolean;
    unlocked: boolean;
    holderEn: string | null;
    holderAr: string | null;
    canDownload: boolean;
  };
}

export function view(
  code: string,
  verdict: Verdict,
  document: IssuedDocument | undefined,
  unlocked: boolean,
): VerificationView {
  if (!document) return { code, verdict, document: null };
  const securePlus = fromFlag(document.secure_plus_enabled);
  const showHolder = !securePlus || unlocked;
  return {
    code,
    verdict,
    document: {
      name: { en: document.document_name_en, ar: document.document_name_ar },
      attested: document.kind === "ATTESTATION",
      issuerEn: document.issuer_en,
      issuerAr: document.issuer_ar,
      issuedAt: document.created_at,
      expiresAt: document.expiry_date,
      revokedAt: document.revoked_at,
      revocationReason: { en: document.revocation_reason_en, ar: document.revocation_reason_ar },
      sha256: document.document_hash,
      securePlus,
      unlocked: securePlus && unlocked,
      holderEn: showHolder
        ? [document.first_name_en, document.father_name_en, document.last_name_en].filter(Boolean).join(" ")
        : null,
      holderAr: showHolder
        ? [document.first_name_ar, document.father_name_ar, document.last_name_ar].filter(Boolean).join(" ")
        : null,
      canDownload: showHolder && verdict !== "REVOKED",
    },
  };
}
