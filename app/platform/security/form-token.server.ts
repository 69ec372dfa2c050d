import crypto from "node:crypto";
import { env, sessionSecret } from "~/platform/env.server";

/**
 * The anti-forgery token of our forms, for browsers that say nothing of where a post comes from (no
 * Origin, no Sec-Fetch-Site, no Referer; docs/decisions/0012). Each visitor has a random anchor in a
 * long-lived httpOnly cookie; the token is an HMAC of it under the session secret, so a page kept in a
 * cache or open in another tab still posts, and a cross-site page can neither read nor make one.
 */
const ANCHOR_COOKIE = "form_anchor";
const ANCHOR_MAX_AGE_SECONDS = 400 * 24 * 3600; // the longest browsers keep a cookie
const ANCHOR_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const cookieName = () => (env.secureCookies ? `__Host-${ANCHOR_COOKIE}` : ANCHOR_COOKIE);

/** The anchor sent with the request, or null when there is none (or not one of ours). */
export function anchorOf(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const name = cookieName();
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return ANCHOR_PATTERN.test(value) ? value : null;
    }
  }
  return null;
}

// Node makes a job of each crypto.randomBytes call: for 16 bytes it was 7.7% of a cookieless visitor's look-up
// (docs/architecture.md §11). Random bytes are drawn 4 KB at a time, and each 16 of them is used once.
const ANCHOR_BYTES = 16;
let randomPool = Buffer.alloc(0);
let poolOffset = 0;

export function newAnchor(): string {
  if (poolOffset + ANCHOR_BYTES > randomPool.length) {
    randomPool = crypto.randomBytes(256 * ANCHOR_BYTES);
    poolOffset = 0;
  }
  const anchor = randomPool.subarray(poolOffset, poolOffset + ANCHOR_BYTES).toString("base64url");
  poolOffset += ANCHOR_BYTES;
  return anchor;
}

export function anchorCookieHeader(anchor: string): string {
  return `${cookieName()}=${anchor}; Path=/; Max-Age=${ANCHOR_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${env.secureCookies ? "; Secure" : ""}`;
}

export const formTokenFor = (anchor: string) =>
  crypto.createHmac("sha256", sessionSecret()).update(`form-token:${anchor}`).digest("base64url");

/** Whether the posted token was made for this request's anchor (compared in constant time). */
export function isValidFormToken(anchor: string | null, token: unknown): boolean {
  if (!anchor || typeof token !== "string") return false;
  const expected = Buffer.from(formTokenFor(anchor));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The anchor to make this page's token from: the visitor's, or a new one to set with the answer. */
export function anchorForPage(cookieHeader: string | null): { anchor: string; setCookie: string | null } {
  const anchor = anchorOf(cookieHeader);
  if (anchor) return { anchor, setCookie: null };
  const fresh = newAnchor();
  return { anchor: fresh, setCookie: anchorCookieHeader(fresh) };
}
