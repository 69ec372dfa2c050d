import { type BilingualNote, readableText } from "~/utils/bilingual";

/*
 * What a page shows of a revocation, without the issuing schema's zod: the holder's and the verification pages load
 * this alone (docs/architecture.md §11, weight).
 */

/** The reason recorded when issuing again replaces a document; shown in the reader's language. */
export const SUPERSEDED = "Superseded";

/** A revocation reason as users read it: the replacement marker translated, a staff member's words in the reader's language. */
export const revocationReasonText = (reason: BilingualNote, t: (key: string) => string, lng: string) =>
  reason.en === SUPERSEDED ? t("verify.superseded") : readableText(t, lng, reason.en, reason.ar);
