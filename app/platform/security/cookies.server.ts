import { createCookie, type Cookie } from "react-router";
import { env, sessionSecret } from "~/utils/env.server";

const made = new Map<string, Cookie>();

/**
 * A signed, httpOnly, SameSite=Lax cookie for the whole site; `__Host-` and Secure behind an `https://`
 * PUBLIC_URL. Made once per name (the secret is read on first use).
 */
export function signedCookie(name: string, maxAgeSeconds: number): Cookie {
  let cookie = made.get(name);
  if (!cookie) {
    cookie = createCookie(env.secureCookies ? `__Host-${name}` : name, {
      httpOnly: true,
      sameSite: "lax",
      secure: env.secureCookies,
      path: "/",
      maxAge: maxAgeSeconds,
      secrets: [sessionSecret()],
    });
    made.set(name, cookie);
  }
  return cookie;
}
