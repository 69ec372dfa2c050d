import crypto from "node:crypto";
import { signingKeySecret } from "~/platform/env.server";

/**
 * Private keys at rest (docs/architecture.md §20): AES-256-GCM under a key derived from SIGNING_KEY_SECRET, so a copy
 * of the database alone signs nothing. "v1.iv.ciphertext.tag", base64url.
 */
const keyOf = () =>
  Buffer.from(crypto.hkdfSync("sha256", signingKeySecret(), Buffer.alloc(0), "signing-credentials", 32));

export function seal(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyOf(), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

export function unseal(sealed: string): string {
  const [version, iv, data, tag] = sealed.split(".");
  if (version !== "v1") throw new Error("Unknown sealing of a signing key");
  const decipher = crypto.createDecipheriv("aes-256-gcm", keyOf(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
