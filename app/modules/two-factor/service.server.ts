import { done, rateLimited, refused, type Outcome } from "~/platform/outcome";
import crypto from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { DB } from "~/platform/db/db.server";
import type { Role } from "~/platform/db/schema";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { hit } from "~/platform/security/rate-limit.server";
import {
  countUnusedRecoveryCodes,
  disableTotp,
  enableTotp,
  findTwoFactorState,
  listPolicy,
  replaceRecoveryCodes,
  setPendingSecret,
  setPolicy,
  takeTimeStep,
  spendRecoveryCode,
} from "./queries.server";
import { fromFlag } from "~/platform/db/values";

const ISSUER = "Documents & Attestations";
const PERIOD_SECONDS = 30;
/** Second-factor attempts per account and window, counted before the check. */
export const CODE_ATTEMPTS = 5;
export const CODE_WINDOW_MS = 5 * 60 * 1000;
const RECOVERY_CODES = 10;

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
  });
const hashCode = (code: string) =>
  crypto.createHash("sha256").update(code.replace("-", "").toLowerCase()).digest("hex");

/** The TOTP time step a code belongs to (one step of clock drift either way), or null. */
function stepOf(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret, "").validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

export async function twoFactorStatus(db: DB, userId: number) {
  const state = await findTwoFactorState(db, userId);
  if (!state) return null;
  return {
    enabled: Boolean(state.totp_enabled_at),
    pendingSecret: state.totp_enabled_at ? null : state.totp_secret,
    required: fromFlag(state.required),
    recoveryCodesLeft: state.totp_enabled_at ? await countUnusedRecoveryCodes(db, userId) : 0,
    email: state.email,
  };
}

/** Enrolment, step 1: a new secret (not in use until a first code confirms it). */
export async function startEnrolment(db: DB, userId: number) {
  await setPendingSecret(db, userId, new Secret({ size: 20 }).base32);
}

/** What the enrolment page shows: the QR code (SVG) of the otpauth URI, and the secret as text. */
export async function enrolmentView(secret: string, email: string) {
  const uri = totpOf(secret, email).toString();
  return {
    secret: secret.replace(/(.{4})/g, "$1 ").trim(),
    qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1 }),
  };
}

const newRecoveryCodes = () =>
  Array.from({ length: RECOVERY_CODES }, () => {
    const raw = crypto
      .randomBytes(8)
      .toString("base64url")
      .replace(/[^a-z0-9]/gi, "")
      .toLowerCase()
      .padEnd(10, "7")
      .slice(0, 10);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });

/**
 * Enrolment, step 2: the first code turns it on and answers the recovery codes (shown once); refused for a
 * wrong code, or locked after too many (the same limit as at sign-in).
 */
export async function confirmEnrolment(
  db: DB,
  userId: number,
  code: string,
  actor: AuditActor,
  now = Date.now(),
): Promise<Outcome<{ recoveryCodes: string[] }, SecondFactorRefusal>> {
  const state = await findTwoFactorState(db, userId);
  if (!state?.totp_secret || state.totp_enabled_at || !/^\d{6}$/.test(code)) return refused(WRONG);
  if (!(await hit(`2fa:${userId}`, CODE_ATTEMPTS, CODE_WINDOW_MS, now)))
    return rateLimited(LOCKED, CODE_WINDOW_MS / 1000);
  const step = stepOf(state.totp_secret, code, now);
  if (step === null || !(await takeTimeStep(db, userId, step))) return refused(WRONG);
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await enableTotp(trx, userId, new Date(now).toISOString());
    await replaceRecoveryCodes(trx, userId, codes.map(hashCode));
    await audit(trx, actor, { action: "profile.two_factor_on", entityType: "USERS", entityId: userId });
  });
  return done({ recoveryCodes: codes });
}

const WRONG = "twoFactor.wrongCode";
/** Too many codes tried: the answer is 429 (docs/decisions/0012). */
export const LOCKED = "twoFactor.locked";
type SecondFactorRefusal = typeof WRONG | typeof LOCKED | "twoFactor.cannotTurnOff";
export type SecondFactorResult = Outcome<object, SecondFactorRefusal>;

/**
 * The second factor at sign-in: a code of the app (each time step once) or an unused recovery code. The
 * attempt is counted before the check, so parallel guesses cannot pass the limit.
 */
export async function checkSecondFactor(
  db: DB,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<SecondFactorResult> {
  if (!(await hit(`2fa:${userId}`, CODE_ATTEMPTS, CODE_WINDOW_MS, now)))
    return rateLimited(LOCKED, CODE_WINDOW_MS / 1000);
  const state = await findTwoFactorState(db, userId);
  if (!state?.totp_secret || !state.totp_enabled_at) return refused(WRONG);
  const accepted = /^\d{6}$/.test(code)
    ? await (async () => {
        const step = stepOf(state.totp_secret!, code, now);
        return step !== null && (await takeTimeStep(db, userId, step));
      })()
    : await spendRecoveryCode(db, userId, hashCode(code), new Date(now).toISOString());
  return accepted ? done() : refused(WRONG);
}

/** Turning it off takes a current code, and is refused while the role requires it. */
export async function disableTwoFactor(
  db: DB,
  userId: number,
  code: string,
  actor: AuditActor,
): Promise<SecondFactorResult> {
  const state = await findTwoFactorState(db, userId);
  if (fromFlag(state?.required)) return refused("twoFactor.cannotTurnOff");
  const checked = await checkSecondFactor(db, userId, code);
  if (!checked.ok) return checked;
  await db.transaction().execute(async (trx) => {
    await disableTotp(trx, userId);
    await audit(trx, actor, { action: "profile.two_factor_off", entityType: "USERS", entityId: userId });
  });
  return done();
}

export async function requiredRoles(db: DB): Promise<Role[]> {
  return (await listPolicy(db)).filter((row) => fromFlag(row.required)).map((row) => row.role);
}

export async function savePolicy(db: DB, required: Role[], roles: readonly Role[], actor: AuditActor) {
  await db.transaction().execute(async (trx) => {
    for (const role of roles) await setPolicy(trx, role, required.includes(role));
    await audit(trx, actor, {
      action: "security.two_factor_policy",
      entityType: "USERS",
      entityId: null,
      details: { required },
    });
  });
}

/** A code of the app for a secret (tests and the demo use it to sign in as an enrolled user). */
export const currentCode = (secret: string, now = Date.now()) => totpOf(secret, "").generate({ timestamp: now });
