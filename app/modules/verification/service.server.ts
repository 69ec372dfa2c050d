import crypto from "node:crypto";
import type { DB } from "~/platform/db/db.server";
import { countHitIn, uncount } from "~/platform/security/rate-limit.server";
import { sessionSecret } from "~/platform/env.server";
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
// The hashes of recent reviewers' IPs: a reviewer often looks up several codes (docs/architecture.md §11).
const ipHashes = new Map<string, string>();

export const VERIFY_WINDOW_MS = 60_000;

/**
 * Looks a code up and records the verification (docs/architecture.md §7), counting it against the reviewer's
 * rate limit (`rateLimit` look-ups per minute per IP): "rate-limited" when it is passed.
 */
export async function verifyCode(
  db: DB,
  rawCode: string,
  meta: { ip: string; userAgent: string | null; rateLimit: number },
) {
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

/** `locked`: this visitor waits 15 minutes; `lockedToday`: the document took its guesses for the day. */
export type PinResult = "ok" | "wrong" | "locked" | "lockedToday";

/** How long a locked visitor waits (Retry-After). */
export const pinRetryAfterSeconds = (result: "locked" | "lockedToday") =>
  (result === "locked" ? PIN_WINDOW_MS : PIN_DAY_MS) / 1000;

/** Wrong PINs a document takes from everyone together in a day (docs/decisions/0014). */
export const PIN_DAILY_GUESSES = 20;
export const PIN_DAY_MS = 24 * 60 * 60 * 1000;

/** Who guesses: their address, and whether they are the document's holder signed in (never refused by others). */
export interface PinGuesser {
  visitor: string;
  holder: boolean;
}

/**
 * Wrong PINs are counted per visitor (5 per 15 minutes: a person who mistypes waits a little) and per
 * document (20 a day from everyone: what an attacker with many addresses gets). Past the document's
 * count the document is locked for everyone but its holder signed in on the service, whose right PIN is
 * always taken: others' guesses cannot lock the holder out (docs/decisions/0014). Each attempt is counted
 * first (atomically, in the shared rate_limits table) and given back when the PIN is right.
 */
export async function checkAccessPin(
  document: IssuedDocument,
  pin: string,
  guesser: PinGuesser,
  now = Date.now(),
): Promise<PinResult> {
  const visitorKey = `pin:${document.id}:${guesser.visitor}`;
  const documentKey = `pin:${document.id}`;
  const [byVisitor, byEveryone] = [
    await countHitIn(visitorKey, PIN_WINDOW_MS, now),
    await countHitIn(documentKey, PIN_DAY_MS, now),
  ];
  if (byVisitor > PIN_ATTEMPTS) return "locked";
  if (byEveryone > PIN_DAILY_GUESSES && !guesser.holder) return "lockedToday";
  if (document.access_pin_hash && (await accessPinMatches(document.access_pin_hash, pin))) {
    await uncount(visitorKey);
    await uncount(documentKey);
    return "ok";
  }
  return "wrong";
}
