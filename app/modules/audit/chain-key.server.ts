import crypto from "node:crypto";
import { signingKeySecret } from "~/platform/env.server";

let cached: { secret: string; key: Buffer } | null = null;

/**
 * The audit chain's HMAC key (docs/architecture.md §22): derived with HKDF-SHA256 from SIGNING_KEY_SECRET, which every
 * deployment already keeps outside the database, rather than one more variable to set. Whoever can write the database
 * but not read the server's secrets cannot recompute the chain after editing an event.
 */
export function auditChainKey(): Buffer {
  const secret = signingKeySecret();
  if (cached?.secret !== secret)
    cached = { secret, key: Buffer.from(crypto.hkdfSync("sha256", secret, Buffer.alloc(0), "audit-chain-v1", 32)) };
  return cached.key;
}
