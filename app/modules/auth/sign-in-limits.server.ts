import crypto from "node:crypto";
import { Refusal, rateLimited } from "~/platform/outcome";
import { enforceRateLimit, hit, uncount } from "~/platform/security/rate-limit.server";
import { signedCookie } from "~/platform/security/cookies.server";
import { env } from "~/platform/env.server";

const DEVICE_COOKIE_DAYS = 365;

/**
 * OWASP's device cookies: a browser that has signed in to an account gets a signed cookie naming it.
 * Failed sign-ins on an account lock out the browsers without that cookie, never the owner's devices
 * (each of those counts its own failures), so nobody can lock an owner out by guessing their password.
 */
const deviceCookie = () => signedCookie("device", { maxAgeSeconds: DEVICE_COOKIE_DAYS * 24 * 60 * 60 });

interface Device {
  email: string;
  nonce: string;
}

/**
 * The device a sign-in comes from: a browser's device cookie, or the device token a program kept from its last
 * sign-in (the JSON API: the same signed value, without a cookie), when it names this account.
 */
function deviceOf(request: Request | null, email: string, deviceToken?: string): Device | null {
  const value: unknown = deviceToken
    ? deviceCookie().verify(deviceToken)
    : request
      ? deviceCookie().read(request.headers.get("Cookie"))
      : null;
  const device = value as Partial<Device> | null;
  if (typeof device?.email !== "string" || typeof device.nonce !== "string") return null;
  return device.email === email ? (device as Device) : null;
}

/** A counted sign-in attempt: the key to give back when the password was right, and whether the account's
 * unknown browsers have passed their limit (someone is guessing its password). */
export interface SignInAttempt {
  key: string;
  accountUnderAttack: boolean;
}

const ATTEMPT_WINDOW_MS = 60_000;

/**
 * Counts a sign-in attempt BEFORE the password is checked (so parallel guesses cannot pass the limit):
 * per address (past it, 429 with Retry-After), per device for the browsers that signed in to the account
 * before (429 likewise: each counts its own failures), and per account for unknown browsers. Past the
 * account's limit an unknown browser is not refused outright: with the right password it still gets in
 * through its second factor or an emailed link (OWASP), so a guesser cannot lock the owner out of a new
 * browser either (docs/decisions/0014).
 */
/** Every request of the signed-out forms and the token API, per address: AUTH_RATE_LIMIT a minute (a 429 past it). */
export const limitAuthRequests = (ip: string | null) => enforceRateLimit(`auth:ip:${ip}`, env.authRateLimit);

export async function countSignInAttempt(
  request: Request | null,
  email: string,
  ip: string | null,
  deviceToken?: string,
): Promise<SignInAttempt> {
  const normalized = email.trim().toLowerCase();
  await limitAuthRequests(ip);
  const device = deviceOf(request, normalized, deviceToken);
  if (device) {
    const key = `auth:device:${device.nonce}`;
    await enforceRateLimit(key, env.authRateLimit);
    return { key, accountUnderAttack: false };
  }
  const key = `auth:email:${normalized}`;
  return { key, accountUnderAttack: !(await hit(key, env.authRateLimit, ATTEMPT_WINDOW_MS)) };
}

/** The 429 of an account under attack, for a wrong password (or a program, which has no emailed link). */
export const accountLockedError = () =>
  new Refusal(rateLimited("api.errors.rateLimited", ATTEMPT_WINDOW_MS / 1000), "rate-limited");

/** A right password: the attempt does not count against the account, and this browser is now known. */
export async function signInSucceeded(attempt: SignInAttempt, email: string): Promise<string> {
  await uncount(attempt.key);
  return knownBrowserHeader(email);
}

const newDevice = (email: string): Device => ({
  email: email.trim().toLowerCase(),
  nonce: crypto.randomBytes(16).toString("base64url"),
});

/** Makes this browser one of the account's own (after a right password, or a mailed link used). */
export const knownBrowserHeader = (email: string) => deviceCookie().header(newDevice(email));

/** A program's right password: the attempt does not count against the account, and it gets its device token. */
export async function programSignInSucceeded(attempt: SignInAttempt, email: string): Promise<string> {
  await uncount(attempt.key);
  return deviceCookie().token(newDevice(email));
}
