import crypto from "node:crypto";
import { hashPassword, verifyPassword } from "~/modules/users/password.server";
import { pinSecret } from "~/platform/env.server";

/**
 * The 6-digit SecurePlus access PIN of a document. Derived from the code with a server secret, so the
 * database keeps only its hash while the beneficiary's page can still show it (docs/architecture.md §7).
 */
export function accessPinFor(code: string): string {
  const digest = crypto.createHmac("sha256", pinSecret()).update(`access-pin:${code}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, "0");
}

export const hashAccessPin = (pin: string) => hashPassword(pin);
export const accessPinMatches = (pinHash: string, pin: string) => verifyPassword(pinHash, pin);
