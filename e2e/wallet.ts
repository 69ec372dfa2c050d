import crypto from "node:crypto";
import * as jose from "jose";
import { setGlobalConfig } from "@openid4vc/utils";
import { clientAuthenticationAnonymous, type Jwk, type JwtSigner } from "@openid4vc/oauth2";
import { Openid4vciClient } from "@openid4vc/openid4vci";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import { digest, generateSalt } from "@sd-jwt/crypto-nodejs";

/**
 * A holder's wallet and a verifier of SD-JWT VCs built from libraries no one here wrote (@openid4vc/*, @sd-jwt/*),
 * joined to `jose` for their signatures: what tests of the wallet endpoints act as (docs/decisions/0027).
 */
// The servers under test answer on http://127.0.0.1; the libraries take only https unless told.
setGlobalConfig({ allowInsecureUrls: true });

export async function walletKey() {
  const { publicKey, privateKey } = await jose.generateKeyPair("EdDSA", { extractable: true });
  const publicJwk = (await jose.exportJWK(publicKey)) as Jwk;
  return { publicJwk, privateKey };
}
export type WalletKey = Awaited<ReturnType<typeof walletKey>>;

function callbacksOf(key: WalletKey) {
  return {
    fetch,
    hash: (data: Uint8Array, algorithm: string) =>
      crypto.createHash(algorithm.replace("-", "").toLowerCase()).update(data).digest(),
    generateRandom: (bytes: number) => crypto.randomBytes(bytes),
    clientAuthentication: clientAuthenticationAnonymous(),
    signJwt: async (_signer: JwtSigner, jwt: { header: object; payload: object }) => ({
      jwt: await new jose.SignJWT(jwt.payload as jose.JWTPayload)
        .setProtectedHeader(jwt.header as jose.JWTHeaderParameters)
        .sign(key.privateKey),
      signerJwk: key.publicJwk,
    }),
    verifyJwt: async (signer: JwtSigner & { publicJwk?: Jwk }, jwt: { compact: string }) => {
      try {
        await jose.compactVerify(jwt.compact, await jose.importJWK(signer.publicJwk as jose.JWK, signer.alg));
        return { verified: true as const, signerJwk: signer.publicJwk! };
      } catch {
        return { verified: false as const };
      }
    },
    encryptJwe: () => {
      throw new Error("not used");
    },
    decryptJwe: () => {
      throw new Error("not used");
    },
  };
}

export const walletClient = (key: WalletKey) => new Openid4vciClient({ callbacks: callbacksOf(key) as never });
export const walletCallbacks = callbacksOf;

/** A verifier of one JWS signing input against a JWK. */
const verifierOf = (jwk: jose.JWK) => async (data: string, signature: string) => {
  const [header, payload] = data.split(".");
  try {
    await jose.flattenedVerify({ protected: header, payload, signature }, await jose.importJWK(jwk, "EdDSA"));
    return true;
  } catch {
    return false;
  }
};

/**
 * Verifies an SD-JWT VC as a stranger would: the issuer's key from its JWT VC issuer metadata, fetched over HTTP
 * (/.well-known/jwt-vc-issuer inserted before the issuer's path), its status list and type metadata over HTTP too.
 */
export async function verifySdJwtOverHttp(sdJwt: string, options: { keyBindingNonce?: string } = {}) {
  const decoded = await new SDJwtVcInstance({ hasher: digest }).decode(sdJwt);
  const issuer = new URL(String(decoded.jwt!.payload!.iss));
  const metadata = (await (await fetch(`${issuer.origin}/.well-known/jwt-vc-issuer${issuer.pathname}`)).json()) as {
    issuer: string;
    jwks: { keys: (jose.JWK & { kid: string })[] };
  };
  if (metadata.issuer !== issuer.href) throw new Error("The metadata names another issuer");
  const key = metadata.jwks.keys.find((candidate) => candidate.kid === decoded.jwt!.header!.kid);
  if (!key) throw new Error("The issuer's metadata has no key of that name");
  const instance = new SDJwtVcInstance({
    hasher: digest,
    verifier: verifierOf(key),
    kbVerifier: (data, signature, payload) => verifierOf((payload.cnf as { jwk: jose.JWK }).jwk)(data, signature),
    loadTypeMetadataFormat: true,
  });
  return instance.verify(sdJwt, options);
}

/** The holder presents an SD-JWT VC: only the named claims disclosed, bound to a verifier's nonce and audience. */
export async function presentSdJwt(
  sdJwt: string,
  key: WalletKey,
  disclose: string[],
  binding: { nonce: string; aud: string },
) {
  const instance = new SDJwtVcInstance({
    hasher: digest,
    saltGenerator: generateSalt,
    kbSigner: async (input: string) =>
      crypto.sign(null, Buffer.from(input), crypto.KeyObject.from(key.privateKey as CryptoKey)).toString("base64url"),
    kbSignAlg: "EdDSA",
  });
  return instance.present(sdJwt, Object.fromEntries(disclose.map((claim) => [claim, true])), {
    kb: { payload: { ...binding, iat: Math.floor(Date.now() / 1000) } },
  });
}
