import { env } from "~/platform/env.server";

/**
 * Where a form may lead besides this site: the single sign-on provider and the national digital identity, since
 * "Sign in with ..." posts here and is redirected there, and a browser applies form-action to the redirect too
 * (docs/decisions/0018 and 0022).
 */
const formTargets = () =>
  [env.singleSignOn?.issuer, env.nationalIdSignIn?.issuer]
    .filter((issuer): issuer is string => Boolean(issuer))
    .map((issuer) => ` ${new URL(issuer).origin}`)
    .join("");

/** docs/architecture.md §10: the headers of every response. Without a nonce no inline script may run at all. */
export function securityHeaderValues(options: { hsts: boolean; nonce: string | null }): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": [
      "default-src 'self'",
      options.nonce ? `script-src 'self' 'nonce-${options.nonce}'` : "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      `form-action 'self'${formTargets()}`,
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'none'",
    ].join("; "),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (options.hsts) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
