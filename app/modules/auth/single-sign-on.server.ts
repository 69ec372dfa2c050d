import crypto from "node:crypto";
import * as oidc from "openid-client";
import type { DB } from "~/db/db.server";
import type { Role } from "~/db/schema";
import { audit } from "~/modules/audit/service.server";
import { hashPassword } from "~/modules/users/password.server";
import { findUserByEmail, insertClerkRecord, insertUser, recordSignIn } from "~/modules/users/queries.server";
import { logger } from "~/platform/log/logger.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { signedCookie } from "~/platform/security/cookies.server";
import { env } from "~/utils/env.server";

/**
 * Single sign-on for staff with OpenID Connect: the authorization code flow with PKCE, state and nonce
 * (docs/decisions/0018). The provider vouches for an email; the account must already exist here, be staff and
 * be active, unless OIDC_CREATE_STAFF lets unknown people in as clerks of one client. Beneficiaries keep their
 * passwords.
 */
export type SingleSignOnSettings = NonNullable<typeof env.singleSignOn>;

/** What the callback checks against: kept in the browser that started, signed, for ten minutes. */
interface Started {
  state: string;
  nonce: string;
  verifier: string;
  redirectTo: string;
}

const startedCookie = () => signedCookie("single-sign-on", { maxAgeSeconds: 10 * 60 });

export const callbackUrl = () => `${env.publicUrl}/login/sso/callback`;

const isLoopback = (url: URL) => ["127.0.0.1", "[::1]", "localhost"].includes(url.hostname);

let discovered: { issuer: string; configuration: Promise<oidc.Configuration> } | null = null;

/**
 * The provider's metadata, read once (and again after a failure). Plain http only for a provider on this machine,
 * which no network sits between.
 */
function configurationOf(settings: SingleSignOnSettings): Promise<oidc.Configuration> {
  if (discovered?.issuer !== settings.issuer) {
    const issuer = new URL(settings.issuer);
    const configuration = oidc
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    discovered = { issuer: settings.issuer, configuration };
  }
  return discovered.configuration;
}

/** Where to send the browser, and the cookie that remembers what the callback must find. */
export async function startSingleSignOn(settings: SingleSignOnSettings, redirectTo: string) {
  const configuration = await configurationOf(settings);
  const started: Started = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    redirectTo,
  };
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(started.verifier),
    code_challenge_method: "S256",
    state: started.state,
    nonce: started.nonce,
    // How they signed in, asked for by name (OpenID Connect Core §5.5): some providers put it in the ID token only then.
    claims: JSON.stringify({ id_token: { amr: null } }),
  });
  return { url: url.href, cookie: startedCookie().header(started) };
}

export const clearStartedCookie = () => startedCookie().clearHeader();

export type SingleSignOnRefusal =
  | "auth.singleSignOn.failed"
  | "auth.singleSignOn.unverifiedEmail"
  | "auth.singleSignOn.noAccount"
  | "auth.singleSignOn.staffOnly"
  | "auth.singleSignOn.inactive";

export type SingleSignOnResult = Outcome<
  { user: { id: number; role: Role }; providerMfa: boolean; redirectTo: string },
  SingleSignOnRefusal
>;

/** The ID token says the provider checked a second factor (RFC 8176 values). */
const SECOND_FACTORS = new Set(["mfa", "otp"]);

interface Claims {
  email: string | null;
  verified: boolean;
  amr: string[];
  givenName: { english: string; arabic: string };
  familyName: { english: string; arabic: string };
}

async function claimsOf(
  configuration: oidc.Configuration,
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
) {
  const idToken = tokens.claims()!;
  // A provider may keep the email for its userinfo endpoint (as oidc-provider does): asked for the same subject.
  const profile: Record<string, unknown> =
    typeof idToken.email === "string"
      ? idToken
      : await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
  const text = (name: string) => (typeof profile[name] === "string" ? (profile[name] as string).trim() : "");
  // A language-tagged claim (`given_name#ar`, OpenID Connect Core §5.2) gives the Arabic name when the provider has it.
  const bilingual = (name: string) => {
    const english = text(`${name}#en`) || text(name);
    return { english, arabic: text(`${name}#ar`) || english };
  };
  return {
    email: text("email").toLowerCase() || null,
    verified: profile.email_verified === true,
    amr: Array.isArray(idToken.amr) ? idToken.amr.filter((value): value is string => typeof value === "string") : [],
    givenName: bilingual("given_name"),
    familyName: bilingual("family_name"),
  } satisfies Claims;
}

/**
 * The provider's answer at the callback: the code exchanged (with the PKCE verifier), the ID token checked (issuer,
 * audience, signature, nonce), the state compared, then the account matched by its verified email.
 */
export async function finishSingleSignOn(
  db: DB,
  settings: SingleSignOnSettings,
  request: Request,
  ip: string | null,
): Promise<SingleSignOnResult> {
  const started = startedCookie().read(request.headers.get("Cookie")) as Started | null;
  const refuse = async (
    error: SingleSignOnRefusal,
    reason: string,
    userId: number | null = null,
    role: Role | null = null,
  ) => {
    await audit(
      db,
      { userId, role, ip },
      {
        action: "auth.sign_in_failed",
        entityType: "USERS",
        entityId: userId,
        details: { method: "oidc", reason },
      },
    );
    return refused(error);
  };
  if (!started?.state) return refuse("auth.singleSignOn.failed", "no sign-in was started in this browser");
  let claims: Claims;
  try {
    const configuration = await configurationOf(settings);
    const current = new URL(callbackUrl());
    current.search = new URL(request.url).search;
    const tokens = await oidc.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
    claims = await claimsOf(configuration, tokens);
  } catch (error) {
    // The state, the nonce, the PKCE verifier, the signature, or the provider itself: the user reads one message.
    const reason = reasonOf(error);
    logger.warn({ reason }, "single sign-on refused");
    return refuse("auth.singleSignOn.failed", reason.slice(0, 300));
  }
  if (!claims.email || !claims.verified) return refuse("auth.singleSignOn.unverifiedEmail", "email not verified");
  let user = await findUserByEmail(db, claims.email);
  if (!user) {
    if (!settings.createStaff || !claims.givenName.english || !claims.familyName.english)
      return refuse("auth.singleSignOn.noAccount", "no account with this email");
    user = await createStaff(db, settings.createStaff, claims, ip);
  }
  if (user.role === "BENEFICIARY") return refuse("auth.singleSignOn.staffOnly", "a beneficiary", user.id, user.role);
  if (user.status !== "ACTIVE") return refuse("auth.singleSignOn.inactive", "inactive", user.id, user.role);
  const providerMfa = claims.amr.some((value) => SECOND_FACTORS.has(value));
  await recordSignIn(db, user.id);
  await audit(
    db,
    { userId: user.id, role: user.role, ip },
    {
      action: "auth.sign_in",
      entityType: "USERS",
      entityId: user.id,
      details: { method: "oidc", providerMfa },
    },
  );
  return done({ user: { id: user.id, role: user.role }, providerMfa, redirectTo: started.redirectTo });
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

/** A clerk the provider vouches for, when OIDC_CREATE_STAFF allows it: no password anyone knows. */
async function createStaff(
  db: DB,
  createStaff: NonNullable<SingleSignOnSettings["createStaff"]>,
  claims: Claims,
  ip: string | null,
) {
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString("base64url"));
  return db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, claims.email!);
    if (existing) return existing;
    const id = await insertUser(trx, {
      email: claims.email!,
      password_hash: passwordHash,
      role: createStaff.role,
      status: "ACTIVE",
      first_name_en: claims.givenName.english,
      first_name_ar: claims.givenName.arabic,
      last_name_en: claims.familyName.english,
      last_name_ar: claims.familyName.arabic,
    });
    await insertClerkRecord(trx, id, { clientId: createStaff.clientId, jobTitle: null });
    await audit(
      trx,
      { userId: id, role: createStaff.role, ip },
      {
        clientId: createStaff.clientId,
        action: "clerk.create",
        entityType: "USERS",
        entityId: id,
        details: { email: claims.email!, method: "oidc" },
      },
    );
    return (await findUserByEmail(trx, claims.email!))!;
  });
}

/** The provider's settings, or null when single sign-on is off (the sign-in page then offers only passwords). */
export const singleSignOnSettings = () => env.singleSignOn;
