import crypto from "node:crypto";
import * as jose from "jose";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import { setGlobalConfig } from "@openid4vc/utils";
import type { CallbackContext, Jwk, JwtSigner } from "@openid4vc/oauth2";
import { env } from "~/platform/env.server";

// The libraries take only https:// addresses; a deployment served over plain http (on one machine, in the tests)
// names itself with http://, so there they take http too (docs/decisions/0027).
setGlobalConfig({ allowInsecureUrls: env.publicUrl.startsWith("http://") });

/**
 * The callbacks the OpenID4VC libraries ask for (docs/decisions/0027): hashing and randomness from Node, JWS from
 * `jose`. A signer named by did:key is resolved to its key (Ed25519, the only kind a did:key here may name).
 */
export async function publicJwkOf(signer: JwtSigner): Promise<Jwk> {
  if (signer.method === "jwk") return signer.publicJwk;
  if (signer.method === "did" && signer.didUrl.startsWith("did:key:z6Mk")) {
    const multibase = signer.didUrl.slice("did:key:".length).split("#")[0];
    const keyPair = await Ed25519Multikey.from({ type: "Multikey", publicKeyMultibase: multibase });
    const { kty, crv, x } = await Ed25519Multikey.toJwk({ keyPair });
    return { kty, crv, x };
  }
  throw new Error(`A signer named by ${signer.method} is not supported`);
}

export const verifyJwt: CallbackContext["verifyJwt"] = async (signer, { compact }) => {
  try {
    const jwk = await publicJwkOf(signer);
    await jose.compactVerify(compact, await jose.importJWK(jwk as jose.JWK, signer.alg));
    return { verified: true, signerJwk: jwk };
  } catch {
    return { verified: false };
  }
};

export const joseCallbacks = {
  hash: (data: Uint8Array, algorithm: string) =>
    crypto.createHash(algorithm.replace("-", "").toLowerCase()).update(data).digest(),
  generateRandom: (bytes: number) => crypto.randomBytes(bytes),
  verifyJwt,
  signJwt: () => {
    throw new Error("The service signs its tokens itself");
  },
  encryptJwe: () => {
    throw new Error("Encrypted responses are not supported");
  },
  decryptJwe: () => {
    throw new Error("Encrypted requests are not supported");
  },
} satisfies Omit<CallbackContext, "fetch" | "clientAuthentication">;
