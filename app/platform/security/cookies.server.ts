import crypto from "node:crypto";
import { env, sessionSecret } from "~/platform/env.server";

/**
 * THE signed cookie of the service: a JSON value, HMAC-SHA256 under the session secret, httpOnly and SameSite=Lax.
 * Signed and checked synchronously with node:crypto: React Router's cookies use WebCrypto, whose key import and
 * verification are each a job on the thread pool, 3.7% of a signed-in page's CPU (docs/architecture.md §11); and a
 * thrown redirect can carry one. The format is React Router's (`base64(JSON).base64(HMAC)` without padding,
 * URI-encoded), so the cookies it wrote before still read.
 */
export interface SignedCookie {
  readonly name: string;
  /** The value this request's cookie holds, or null when it has none, or not one signed by us. */
  read(cookieHeader: string | null): unknown;
  /** A Set-Cookie header that keeps `value` for the cookie's lifetime. */
  header(value: unknown): string;
  /** A Set-Cookie header that removes the cookie. */
  clearHeader(): string;
  /** The cookie's value as a signed token, for a client that keeps no cookies (the JSON API). */
  token(value: unknown): string;
  /** The value of a token made by `token`, or null when it is not one signed by us. */
  verify(token: string): unknown;
}

export interface SignedCookieOptions {
  maxAgeSeconds: number;
  /** `/` by default; a cookie for a narrower path cannot take the `__Host-` prefix. */
  path?: string;
  /** Whether the name takes `__Host-` behind an `https://` PUBLIC_URL (true for path `/`). */
  hostPrefix?: boolean;
}

const made = new Map<string, SignedCookie>();

/** Made once per name (the secret is read on first use). */
export function signedCookie(name: string, options: SignedCookieOptions): SignedCookie {
  let cookie = made.get(name);
  if (!cookie) {
    cookie = makeSignedCookie(name, options);
    made.set(name, cookie);
  }
  return cookie;
}

const signatureOf = (secret: string, value: string) =>
  crypto.createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "");

function makeSignedCookie(baseName: string, options: SignedCookieOptions): SignedCookie {
  const path = options.path ?? "/";
  const secure = env.secureCookies;
  const name = secure && (options.hostPrefix ?? path === "/") ? `__Host-${baseName}` : baseName;
  const secret = sessionSecret();
  const attributes = `Path=${path}; HttpOnly;${secure ? " Secure;" : ""} SameSite=Lax`;
  const sign = (value: unknown) => {
    const encoded = Buffer.from(JSON.stringify(value), "utf8").toString("base64");
    return `${encoded}.${signatureOf(secret, encoded)}`;
  };
  const verify = (raw: string | null): unknown => {
    if (!raw) return null;
    const dot = raw.lastIndexOf(".");
    if (dot <= 0) return null;
    const value = raw.slice(0, dot);
    const expected = Buffer.from(signatureOf(secret, value));
    const given = Buffer.from(raw.slice(dot + 1));
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as unknown;
    } catch {
      return null;
    }
  };
  return {
    name,
    read: (cookieHeader) => verify(cookieValue(cookieHeader, name)),
    header: (value) => `${name}=${encodeURIComponent(sign(value))}; Max-Age=${options.maxAgeSeconds}; ${attributes}`,
    token: sign,
    verify,
    clearHeader: () => `${name}=; Max-Age=0; ${attributes}`,
  };
}

/** The first value of `name` in a Cookie header, URI-decoded, or null. */
function cookieValue(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  const prefix = `${name}=`;
  for (const part of cookieHeader.split(";")) {
    const pair = part.trimStart();
    if (!pair.startsWith(prefix)) continue;
    let value = pair.slice(prefix.length).trimEnd();
    if (value.startsWith('"') && value.endsWith('"') && value.length > 1) value = value.slice(1, -1);
    if (!value.includes("%")) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}
