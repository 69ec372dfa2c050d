import crypto from "node:crypto";
import type { DB } from "~/platform/db/db.server";
import type { Role } from "~/platform/db/schema";
import { audit } from "~/modules/audit/service.server";
import { hashPassword } from "~/modules/users/password.server";
import {
  findUserByEmail,
  insertClerkRecord,
  insertUser,
  recordSignIn,
  staffClientIdOf,
} from "~/modules/users/queries.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import {
  bilingualClaim,
  claimText,
  clearStartedOpenId,
  finishOpenId,
  startOpenId,
  type OpenIdAnswer,
  type OpenIdProvider,
} from "./openid.server";
import { env } from "~/platform/env.server";

/**
 * Single sign-on for staff with OpenID Connect: the authorization code flow with PKCE, state and nonce
 * (docs/decisions/0018). The provider vouches for an email; the account must already exist here, be staff and
 * be active, unless OIDC_CREATE_STAFF lets unknown people in as clerks of one client. Beneficiaries sign in with
 * their passwords or the national digital identity (modules/identity/national-sign-in.server.ts).
 */
export type SingleSignOnSettings = NonNullable<typeof env.singleSignOn>;

/** The staff directory as an OpenID Connect provider of the one flow (openid.server.ts). */
const providerOf = (settings: SingleSignOnSettings): OpenIdProvider => ({
  issuer: settings.issuer,
  clientId: settings.clientId,
  clientSecret: settings.clientSecret,
  callbackPath: "/login/sso/callback",
  cookieName: "single-sign-on",
  scope: "openid email profile",
  // How they signed in, asked for by name: some providers put it in the ID token only then.
  idTokenClaims: ["amr"],
});

/** Where to send the browser, and the cookie that remembers what the callback must find. */
export const startSingleSignOn = (settings: SingleSignOnSettings, redirectTo: string) =>
  startOpenId(providerOf(settings), redirectTo);

export const clearStartedCookie = (settings: SingleSignOnSettings) => clearStartedOpenId(providerOf(settings));

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

function claimsOf(answer: OpenIdAnswer): Claims {
  const { idToken, profile } = answer;
  return {
    email: claimText(profile, "email").toLowerCase() || null,
    verified: profile.email_verified === true,
    amr: Array.isArray(idToken.amr) ? idToken.amr.filter((value): value is string => typeof value === "string") : [],
    givenName: bilingualClaim(profile, "given_name"),
    familyName: bilingualClaim(profile, "family_name"),
  };
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
        clientId: userId && role ? await staffClientIdOf(db, { id: userId, role }) : null,
        details: { method: "oidc", reason },
      },
    );
    return refused(error);
  };
  const answer = await finishOpenId(providerOf(settings), request);
  if (!answer.ok) return refuse("auth.singleSignOn.failed", answer.error);
  const claims = claimsOf(answer);
  const started = { redirectTo: answer.redirectTo };
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
      clientId: await staffClientIdOf(db, user),
      details: { method: "oidc", providerMfa },
    },
  );
  return done({ user: { id: user.id, role: user.role }, providerMfa, redirectTo: started.redirectTo });
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
