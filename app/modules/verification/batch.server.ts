import crypto from "node:crypto";
import { done, refused, type Outcome } from "~/platform/outcome";
import type { DB } from "~/platform/db/db.server";
import { normalizeCode } from "./code";
import { findIssuedCodeByHash } from "./queries.server";
import { verifyCode } from "./service.server";
import type { Verdict } from "./verdict";

/** A reviewer's batch (docs/architecture.md §7): at most this many codes, or PDFs, at once. */
export const BATCH_MAX_CODES = 100;
export const BATCH_MAX_FILES = 20;

/** A batch asks for at least one code or file, and no more than the limits. */
export function batchAsked(codes: number, files: number): Outcome {
  if (codes > BATCH_MAX_CODES) return refused("verifyBatch.tooManyCodes");
  if (files > BATCH_MAX_FILES) return refused("verifyBatch.tooManyFiles");
  if (codes === 0 && files === 0) return refused("verifyBatch.nothing");
  return done();
}

export type BatchVerdict = Verdict | "INVALID_CODE" | "RATE_LIMITED";

/** One line of the answer: what the reviewer gave (a code, or a file's name) and what it is. */
export interface BatchRow {
  given: string;
  source: "code" | "file";
  code: string | null;
  verdict: BatchVerdict;
  issuer: { en: string; ar: string } | null;
  kind: "REQUEST" | "ATTESTATION" | null;
  documentName: { en: string; ar: string } | null;
  issuedAt: string | null;
  expiresAt: string | null;
}

/** The codes of a pasted text: separated by spaces, commas, semicolons or lines; each once, in their order. */
export function codesOf(text: string) {
  const seen = new Set<string>();
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .filter((given) => {
      const key = normalizeCode(given) ?? given;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * Verifies a batch, each code and each file one look-up against the reviewer's rate limit (a file is found by the
 * SHA-256 of its bytes, which is the issued file's): once the limit is passed, the rest say so and are not looked up.
 */
export async function verifyBatch(
  db: DB,
  input: { codes: string[]; files: { name: string; bytes: Uint8Array }[] },
  meta: { ip: string; userAgent: string | null; rateLimit: number },
): Promise<BatchRow[]> {
  const rows: BatchRow[] = [];
  let limited = false;
  const lookUp = async (given: string, source: BatchRow["source"], code: string | null) => {
    const empty = {
      given,
      source,
      code,
      issuer: null,
      kind: null,
      documentName: null,
      issuedAt: null,
      expiresAt: null,
    };
    if (source === "code" && !code) return rows.push({ ...empty, verdict: "INVALID_CODE" });
    if (limited) return rows.push({ ...empty, verdict: "RATE_LIMITED" });
    const found = await verifyCode(db, code ?? "", meta);
    if (found === "rate-limited") {
      limited = true;
      return rows.push({ ...empty, verdict: "RATE_LIMITED" });
    }
    const document = found.document;
    rows.push({
      ...empty,
      verdict: found.verdict,
      issuer: document ? { en: document.issuer_en, ar: document.issuer_ar } : null,
      kind: document?.kind ?? null,
      documentName: document ? { en: document.document_name_en, ar: document.document_name_ar } : null,
      issuedAt: document?.created_at ?? null,
      expiresAt: document?.expiry_date ?? null,
    });
  };
  for (const given of input.codes) await lookUp(given, "code", normalizeCode(given));
  for (const file of input.files) {
    const sha256 = crypto.createHash("sha256").update(file.bytes).digest("hex");
    const issued = await findIssuedCodeByHash(db, sha256);
    await lookUp(file.name, "file", issued?.verification_code ?? null);
  }
  return rows;
}
