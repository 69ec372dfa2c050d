import crypto from "node:crypto";
import { href } from "react-router";
import type { DB } from "~/platform/db/db.server";
import type { Role } from "~/platform/db/schema";
import { nowIso } from "~/platform/db/values";
import { audit } from "~/modules/audit/service.server";
import {
  bilingualClaim,
  claimText,
  clearStartedOpenId,
  finishOpenId,
  startOpenId,
  type OpenIdProvider,
} from "~/modules/auth/openid.server";
import { notify } from "~/modules/notifications/service.server";
import { hashPassword } from "~/modules/users/password.server";
import { openBeneficiaryAccount } from "~/modules/users/service.server";
import { findUserByEmail, recordSignIn } from "~/modules/users/queries.server";
import { done, refused, type Outcome } from "~/platform/outcome";
import { toLatinDigits } from "~/utils/digits";
import { env } from "~/platform/env.server";
import { holdersOfNin, markNinVerified, releaseNin } from "./queries.server";

/**
 * Beneficiaries sign in with the national digital identity (docs/decisions/0022): the one OpenID Connect flow
 * (openid.server.ts), then the person it vouches for is found, linked or made here, and their national ID is verified.
 */
export type NationalIdSettings = NonNullable<typeof env.nationalIdSignIn>;

export const nationalIdSettings = () => env.nationalIdSignIn;

const providerOf = (settings: NationalIdSettings): OpenIdProvider => ({
  issuer: settings.issuer,
  clientId: settings.clientId,
  clientSecret: settings.clientSecret,
  callbackPath: "/login/national-id/callback",
  cookieName: "national-id-sign-in",
  scope: "openid email profile",
  idTokenClaims: [settings.claim],
});

export const startNationalIdSignIn = (settings: NationalIdSettings, redirectTo: string) =>
  startOpenId(providerOf(settings), redirectTo);

export const clearNationalIdCookie = (settings: NationalIdSettings) => clearStartedOpenId(providerOf(settings));

export type NationalIdRefusal =
  | "identity.signIn.failed"
  | "identity.signIn.noNationalId"
  | "identity.signIn.noEmail"
  | "identity.signIn.emailOtherNationalId"
  | "identity.signIn.notBeneficiary"
  | "identity.signIn.inactive";

export type NationalIdResult = Outcome<{ user: { id: number; role: Role }; redirectTo: string }, NationalIdRefusal>;

/**
 * The provider's answer, then the account (docs/decisions/0022):
 * - the account whose national ID is verified and is this one: theirs;
 * - else the account of the provider's verified email, linked only when its national ID is this one too;
 * - else a new account from the provider's claims (names in both languages where it gives them).
 * Every other account holding this national ID unverified loses it, and its owner is told why: a squatter never
 * gains what the real holder later receives. The national ID is then verified (NATIONAL_ID); a password stays
 * possible (a new account sets one through "Forgot password").
 */
export async function finishNationalIdSignIn(
  db: DB,
  settings: NationalIdSettings,
  request: Request,
  ip: string | null,
): Promise<NationalIdResult> {
  const refuse = async (error: NationalIdRefusal, reason: string, userId: number | null = null) => {
    await audit(
      db,
      { userId, role: null, ip },
      {
        action: "auth.sign_in_failed",
        entityType: "USERS",
        entityId: userId,
        details: { method: "national_id", reason },
      },
    );
    return refused(error);
  };
  const answer = await finishOpenId(providerOf(settings), request);
  if (!answer.ok) return refuse("identity.signIn.failed", answer.error);
  const { profile, idToken } = answer;
  const nin = toLatinDigits(claimText(idToken, settings.claim) || claimText(profile, settings.claim));
  if (!/^\d{1,20}$/.test(nin)) return refuse("identity.signIn.noNationalId", "no national ID claim");
  const email = profile.email_verified === true ? claimText(profile, "email").toLowerCase() : "";

  const holders = await holdersOfNin(db, nin);
  const verifiedHolder = holders.find((holder) => holder.nin_verified_at);
  let user = verifiedHolder ? await findUserByEmail(db, verifiedHolder.email) : undefined;
  if (!user) {
    if (!email) return refuse("identity.signIn.noEmail", "no verified email");
    const byEmail = await findUserByEmail(db, email);
    if (byEmail && byEmail.nin !== nin)
      return refuse(
        "identity.signIn.emailOtherNationalId",
        "the email's account holds another national ID",
        byEmail.id,
      );
    user = byEmail;
  }
  if (user && user.role !== "BENEFICIARY") return refuse("identity.signIn.notBeneficiary", "staff", user.id);
  if (user && user.status !== "ACTIVE") return refuse("identity.signIn.inactive", "inactive", user.id);

  const passwordHash = user ? null : await hashPassword(crypto.randomBytes(32).toString("base64url"));
  const signedIn = await db.transaction().execute(async (trx) => {
    const system = { userId: null, role: null, ip };
    // Whoever else holds this national ID without having proved it loses it, and is told.
    for (const squatter of await holdersOfNin(trx, nin)) {
      if (squatter.nin_verified_at || squatter.id === user?.id) continue;
      await releaseNin(trx, squatter.id);
      await audit(trx, system, {
        action: "beneficiary.nin_released",
        entityType: "USERS",
        entityId: squatter.id,
        details: { reason: "verified by its holder through the national digital identity" },
      });
      await notify(trx, squatter.id, { kind: "nationalIdReleased", link: href("/profile") }, { mail: true });
    }
    let userId = user?.id;
    if (!userId) {
      const given = bilingualClaim(profile, "given_name");
      const family = bilingualClaim(profile, "family_name");
      const account = {
        email,
        password_hash: passwordHash!,
        status: "ACTIVE" as const,
        first_name_en: given.english,
        first_name_ar: given.arabic,
        last_name_en: family.english,
        last_name_ar: family.arabic,
        nin,
      };
      userId = await openBeneficiaryAccount(trx, account, ip, { method: "national_id" });
    }
    await markNinVerified(trx, userId, nin, { method: "NATIONAL_ID", by: null, clientId: null });
    await audit(
      trx,
      { userId, role: "BENEFICIARY", ip },
      {
        action: "beneficiary.nin_verified",
        entityType: "USERS",
        entityId: userId,
        details: { method: "NATIONAL_ID", at: nowIso() },
      },
    );
    return userId;
  });
  await recordSignIn(db, signedIn);
  await audit(
    db,
    { userId: signedIn, role: "BENEFICIARY", ip },
    { action: "auth.sign_in", entityType: "USERS", entityId: signedIn, details: { method: "national_id" } },
  );
  return done({ user: { id: signedIn, role: "BENEFICIARY" as Role }, redirectTo: answer.redirectTo });
}
