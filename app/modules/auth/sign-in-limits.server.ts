import crypto from "node:crypto";
import { enforceRateLimit, uncount } from "~/modules/security/rate-limit.server";
import { signedCookie } from "~/modules/security/cookies.server";
import { env } from "~/utils/env.server";

const DEVICE_COOKIE_DAYS = 365;

/**
 * OWASP's device cookies: a browser that has signed in to an account gets a signed cookie naming it.
 * Failed sign-ins on an account lock out the browsers without that cookie, never the owner's devices
 * (each of those counts its own failures), so nobody can lock an owner out by guessing their password.
 */
const deviceCookie = () => signedCookie("device", DEVICE_COOKIE_DAYS * 24 * 60 * 60);

interface Device {
  email: string;
  nonce: string;
}

async function deviceOf(request: Request, email: string): Promise<Device | null> {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  const device = value as Partial<Device> | null;
  if (typeof device?.email !== "string" || typeof device.nonce !== "string") return null;
  return device.email === email ? (device as Device) : null;
}

/**
 * Counts a sign-in attempt BEFORE the password is checked (so parallel guesses cannot pass the limit),
 * per address, and per account for unknown browsers or per device for the account's own: past the limit,
 * a 429 with Retry-After. Returns the key to give back when the password was right.
 */
export async function countSignInAttempt(request: Request | null, email: string, ip: string | null): Promise<string> {
  const normalized = email.trim().toLowerCase();
  await enforceRateLimit(`auth:ip:${ip}`, env.authRateLimit);
  const device = request ? await deviceOf(request, normalized) : null;
  const key = device ? `auth:device:${device.nonce}` : `auth:email:${normalized}`;
  await enforceRateLimit(key, env.authRateLimit);
  return key;
}

/** A right password: the attempt does not count against the account, and this browser is now known. */
export async function signInSucceeded(key: string, email: string): Promise<string> {
  await uncount(key);
  return deviceCookie().serialize({ email: email.trim().toLowerCase(), nonce: crypto.randomBytes(16).toString("base64url") });
}
