import crypto from "node:crypto";
import type { DB } from "~/db/db.server";
import { countHitIn, uncount } from "~/modules/security/rate-limit.server";
import { sessionSecret } from "~/utils/env.server";
import { normalizeCode } from "./code";
import { accessPinMatches } from "./pin.server";
import { lookUpAndRecord } from "./events.server";
import { findIssuedDocumentByCode } from "./queries.server";

export { verdictOf, type Verdict } from "./verdict";
export type IssuedDocument = NonNullable<Awaited<ReturnType<typeof findIssuedDocumentByCode>>>;

export const PIN_ATTEMPTS = 5;
export const PIN_WINDOW_MS = 15 * 60 * 1000;

/** The IP is never stored: only a keyed hash, enough to tell repeat visits apart. */
const hashIp = (ip: string) => {
  let hash = ipHashes.get(ip);
  if (hash === undefined) {
    hash = crypto.createHmac("sha256", sessionSecret()).update(ip).digest("hex").slice(0, 32);
    if (ipHashes.size >= 10_000) ipHashes.clear();
    ipHashes.set(ip, hash);
  }
  return hash;
};
// The hashes of recent reviewers' IPs: a reviewer often looks up several codes (DESIGN 11).
const ipHashes = new Map<string, string>();

export const VERIFY_WINDOW_MS = 60_000;

/**
 * Looks a code up and records the verification (DESIGN section 7), counting it against the reviewer's
 * rate limit (`rateLimit` look-ups per minute per IP): "rate-limited" when it is passed.
 */
export async function verifyCode(db: DB, rawCode: string, meta: { ip: string; userAgent: string | null; rateLimit: number }) {
  const code = normalizeCode(rawCode);
  const lookup = await lookUpAndRecord(
    db,
    code,
    { ip_hash: meta.ip ? hashIp(meta.ip) : null, user_agent: meta.userAgent?.slice(0, 300) ?? null },
    { key: `verify:${meta.ip}`, limit: meta.rateLimit, windowMs: VERIFY_WINDOW_MS },
  );
  if (!lookup.recorded) return "rate-limited" as const;
  return { code, verdict: lookup.verdict, document: lookup.document };
}

export type PinResult = "ok" | "wrong" | "locked";

/**
 * At most five wrong PINs per document per 15 minutes; after that even the right PIN waits. The attempt
 * is counted first (atomically, in the shared rate_limits table) and given back when the PIN is right,
 * so concurrent attempts on several workers cannot pass the limit.
 */
export async function checkAccessPin(document: IssuedDocument, pin: string, now = Date.now()): Promise<PinResult> {
  const key = `pin:${document.id}`;
  if ((await countHitIn(key, PIN_WINDOW_MS, now)) > PIN_ATTEMPTS) return "locked";
  if (document.access_pin_hash && (await accessPinMatches(document.access_pin_hash, pin))) {
    await uncount(key);
    return "ok";
  }
  return "wrong";
}
