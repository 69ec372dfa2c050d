import { cleanText } from "~/utils/text";
import * as oidc from "openid-client";
import { logger } from "~/platform/log/logger.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { signedCookie } from "~/platform/security/cookies.server";
import { env } from "~/platform/env.server";

/**
 * One OpenID Connect sign-in, whoever the provider is (the staff directory, docs/decisions/0018; the national digital
 * identity, docs/decisions/0022): the authorization code flow with PKCE, state and nonce kept in a signed cookie of
 * the browser that started, the ID token checked (issuer, audience, signature, nonce), the state compared. What the
 * provider vouches for is the caller's to match to an account.
 */
export interface OpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back, under PUBLIC_URL. */
  callbackPath: string;
  /** The cookie that remembers the started sign-in. */
  cookieName: string;
  scope: string;
  /** Claims asked for by name (OpenID Connect Core §5.5), for the ID token. */
  idTokenClaims: string[];
}

/** What the callback checks against: kept in the browser that started, signed, for ten minutes. */
interface Started {
  state: string;
  nonce: string;
  verifier: string;
  redirectTo: string;
}

const startedCookie = (provider: OpenIdProvider) => signedCookie(provider.cookieName, { maxAgeSeconds: 10 * 60 });
const callbackUrl = (provider: OpenIdProvider) => `${env.publicUrl}${provider.callbackPath}`;
const isLoopback = (url: URL) => ["127.0.0.1", "[::1]", "localhost"].includes(url.hostname);

const discovered = new Map<string, Promise<oidc.Configuration>>();

/**
 * The provider's metadata, read once (and again after a failure). Plain http only for a provider on this machine,
 * which no network sits between.
 */
function configurationOf(provider: OpenIdProvider): Promise<oidc.Configuration> {
  const key = `${provider.issuer}\u0000${provider.clientId}`;
  let configuration = discovered.get(key);
  if (!configuration) {
    const issuer = new URL(provider.issuer);
    configuration = oidc
      .discovery(
        issuer,
        provider.clientId,
        provider.clientSecret,
        undefined,
        isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered.delete(key);
        throw error;
      });
    discovered.set(key, configuration);
  }
  return configuration;
}

/** Where to send the browser, and the cookie that remembers what the callback must find. */
export async function startOpenId(provider: OpenIdProvider, redirectTo: string) {
  const configuration = await configurationOf(provider);
  const started: Started = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    redirectTo,
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(provider),
    scope: provider.scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(started.verifier),
    code_challenge_method: "S256",
    state: started.state,
    nonce: started.nonce,
    claims: JSON.stringify({ id_token: Object.fromEntries(provider.idTokenClaims.map((name) => [name, null])) }),
  });
  return { url: url.href, cookie: startedCookie(provider).header(started) };
}

export const clearStartedOpenId = (provider: OpenIdProvider) => startedCookie(provider).clearHeader();

/** What the provider said of the person: the ID token's claims, and its userinfo's when the token has no email. */
export interface OpenIdAnswer {
  idToken: Record<string, unknown>;
  profile: Record<string, unknown>;
  redirectTo: string;
}

/**
 * The provider's answer at the callback: the code exchanged (with the PKCE verifier), the ID token checked, the
 * state compared. Refused with the reason (for the audit trail and the log; the person reads one message).
 */
export async function finishOpenId(provider: OpenIdProvider, request: Request): Promise<Outcome<OpenIdAnswer>> {
  const started = startedCookie(provider).read(request.headers.get("Cookie")) as Started | null;
  if (!started?.state) return refused("no sign-in was started in this browser");
  try {
    const configuration = await configurationOf(provider);
    const current = new URL(callbackUrl(provider));
    current.search = new URL(request.url).search;
    const tokens = await oidc.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims()! as Record<string, unknown>;
    // A provider may keep the email for its userinfo endpoint (as oidc-provider does): asked for the same subject.
    const profile =
      typeof idToken.email === "string"
        ? idToken
        : ((await oidc.fetchUserInfo(configuration, tokens.access_token, String(idToken.sub))) as Record<
            string,
            unknown
          >);
    return done({ idToken, profile, redirectTo: started.redirectTo });
  } catch (error) {
    // The state, the nonce, the PKCE verifier, the signature, or the provider itself.
    const reason = reasonOf(error);
    logger.warn({ reason, provider: provider.issuer }, "OpenID Connect sign-in refused");
    return refused(reason.slice(0, 300));
  }
}

/** A claim's text, trimmed ("" when absent). */
/**
 * A claim's text, cleaned as a form's field is (no bidi or control characters) and held to the longest limit of
 * the forms' fields it fills (an email's 254); names are held to their own 100 below.
 */
export const claimText = (profile: Record<string, unknown>, name: string) =>
  typeof profile[name] === "string"
    ? cleanText(profile[name] as string)
        .trim()
        .slice(0, 254)
    : "";

/** A name in both languages: a language-tagged claim (`given_name#ar`, OpenID Connect Core §5.2) gives the Arabic. */
export function bilingualClaim(profile: Record<string, unknown>, name: string) {
  const english = (claimText(profile, `${name}#en`) || claimText(profile, name)).slice(0, 100).trim();
  return { english, arabic: claimText(profile, `${name}#ar`).slice(0, 100).trim() || english };
}

/** An error and its causes in one line (openid-client wraps the precise one: "unexpected ID Token nonce claim value"). */
function reasonOf(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error && parts.length < 4; current = current.cause) {
    const code = (current as { error?: unknown }).error ?? (current as { code?: unknown }).code;
    parts.push(`${typeof code === "string" ? `${code}: ` : ""}${current.message}`);
  }
  return parts.join(" <- ") || "error";
}
