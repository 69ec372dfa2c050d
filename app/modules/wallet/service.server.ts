import crypto from "node:crypto";
import QRCode from "qrcode";
import { decodeJwt } from "jose";
import {
  Oauth2AuthorizationServer,
  Oauth2ServerErrorResponseError,
  preAuthorizedCodeGrantIdentifier,
  type HttpMethod,
} from "@openid4vc/oauth2";
import { Openid4vciIssuer, Openid4vciVersion, type IssuerMetadataResult } from "@openid4vc/openid4vci";
import type { DB } from "~/platform/db/db.server";
import { absent, done, refused, type Outcome } from "~/platform/outcome";
import { env, sessionSecret } from "~/platform/env.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import type { Language } from "~/platform/i18n/languages";
import { joseCallbacks, publicJwkOf } from "~/platform/jose/callbacks";
import { seal, unseal } from "~/modules/signing/key-box.server";
import { audit, type AuditActor } from "~/modules/audit/service.server";
import { credentialOf } from "~/modules/credentials/service.server";
import {
  authorizationServerMetadata,
  configurationIdOf,
  credentialIssuerMetadata,
  parseConfigurationId,
} from "./metadata.server";
import { sdJwtCredentialOf } from "./sd-jwt.server";
import {
  countFailedAttempt,
  findOfferByAccessToken,
  findOfferByCode,
  findWalletFacts,
  insertOffer,
  liveOfferOf,
  redeemOffer,
  spendNonce,
} from "./queries.server";

/**
 * Adding a document to a wallet (OpenID4VCI 1.0, pre-authorized code flow, docs/decisions/0027). The holder asks
 * for an offer: a code in an `openid-credential-offer://` link and a six-digit transaction code shown beside it,
 * which a wallet needs to redeem the code once, before WALLET_OFFER_MINUTES pass; five wrong transaction codes burn
 * the offer. The access token it gets lets it take the document in both formats for five minutes, each request
 * proving possession of its key over a nonce of ours, used once.
 */
export const TX_CODE_LENGTH = 6;
export const MAX_TX_CODE_ATTEMPTS = 5;
const ACCESS_TOKEN_SECONDS = 300;
const NONCE_SECONDS = 300;

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
const issuer = new Openid4vciIssuer({ callbacks: joseCallbacks as never });
const authorizationServer = new Oauth2AuthorizationServer({ callbacks: joseCallbacks as never });

interface SealedOffer {
  code: string;
  txCode: string;
  configurations: string[];
}

async function issuerMetadataResult(db: DB): Promise<IssuerMetadataResult> {
  const credentialIssuer = await credentialIssuerMetadata(db);
  return {
    credentialIssuer: credentialIssuer as never,
    authorizationServers: [authorizationServerMetadata() as never],
    originalDraftVersion: Openid4vciVersion.V1,
    knownCredentialConfigurations: credentialIssuer.credential_configurations_supported as never,
  };
}

/** The offer's link (the credential offer by value) and its QR code. */
async function offerLink(offer: SealedOffer, lng: Language) {
  const credentialOffer = {
    credential_issuer: env.publicUrl,
    credential_configuration_ids: offer.configurations,
    grants: {
      [preAuthorizedCodeGrantIdentifier]: {
        "pre-authorized_code": offer.code,
        tx_code: {
          input_mode: "numeric",
          length: TX_CODE_LENGTH,
          description: i18nFor(lng).t("wallet.txCodeDescription"),
        },
      },
    },
  };
  const link = `openid-credential-offer://?credential_offer=${encodeURIComponent(JSON.stringify(credentialOffer))}`;
  return { link, qrSvg: await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "L" }) };
}

/** The holder's live offer for a document, to show again (null when there is none). */
export async function liveOffer(db: DB, issuedDocumentId: number, lng: Language) {
  const row = await liveOfferOf(db, issuedDocumentId, new Date().toISOString(), MAX_TX_CODE_ATTEMPTS);
  if (!row) return null;
  const offer = JSON.parse(unseal(row.offer_sealed)) as SealedOffer;
  return { ...(await offerLink(offer, lng)), txCode: offer.txCode, expiresAt: row.expires_at };
}

/** The document a holder may add to a wallet: theirs and valid (undefined otherwise). */
export async function walletDocumentOf(db: DB, issuedDocumentId: number, holderId: number) {
  const facts = await findWalletFacts(db, issuedDocumentId);
  return facts && facts.beneficiary_id === holderId ? facts : undefined;
}

/** What the audit trail names for a document a wallet is offered or takes: its request, or its attestation. */
const auditedDocument = (facts: { request_id: number | null; attestation_id: number | null; client_id: number }) =>
  facts.request_id !== null
    ? { entityType: "DOCUMENT_REQUESTS", entityId: facts.request_id, clientId: facts.client_id }
    : { entityType: "DOCUMENT_ATTESTATION", entityId: facts.attestation_id, clientId: facts.client_id };

/** Makes a new offer for a valid document of the holder's; earlier offers live on until they expire. */
export async function createOffer(
  db: DB,
  actor: AuditActor & { userId: number },
  issuedDocumentId: number,
): Promise<Outcome> {
  const facts = await walletDocumentOf(db, issuedDocumentId, actor.userId);
  if (!facts) return absent("errors.notFound");
  if (facts.status !== "VALID") return refused("wallet.revoked");
  const offer: SealedOffer = {
    code: crypto.randomBytes(32).toString("base64url"),
    txCode: String(crypto.randomInt(0, 10 ** TX_CODE_LENGTH)).padStart(TX_CODE_LENGTH, "0"),
    configurations: [
      configurationIdOf(facts.client_id, facts.kind, "sd-jwt"),
      configurationIdOf(facts.client_id, facts.kind, "ldp"),
    ],
  };
  await db.transaction().execute(async (trx) => {
    const { id } = await insertOffer(trx, {
      issuedDocumentId,
      createdBy: actor.userId,
      codeHash: sha256(offer.code),
      offerSealed: seal(JSON.stringify(offer)),
      expiresAt: inSeconds(env.walletOfferMinutes * 60),
    });
    await audit(trx, actor, {
      action: "wallet.offer",
      ...auditedDocument(facts),
      details: { issuedDocumentId, offerId: id },
    });
  });
  return done();
}

/** An OAuth error answer (RFC 6749 §5.2), never cached. */
export const walletError = (error: string, description: string, status = 400, headers: HeadersInit = {}) =>
  Response.json(
    { error, error_description: description },
    { status, headers: { "Cache-Control": "no-store", ...headers } },
  );

const requestLike = (request: Request) => ({
  method: request.method as HttpMethod,
  url: request.url,
  headers: request.headers,
});

/** The token endpoint: a pre-authorized code and its transaction code for an access token, once. */
export async function exchangeToken(db: DB, request: Request, form: Record<string, string>) {
  let parsed;
  try {
    parsed = authorizationServer.parseAccessTokenRequest({ accessTokenRequest: form, request: requestLike(request) });
  } catch (error) {
    if (error instanceof Oauth2ServerErrorResponseError)
      return walletError(error.errorResponse.error, error.errorResponse.error_description ?? "");
    throw error;
  }
  if (parsed.grant.grantType !== preAuthorizedCodeGrantIdentifier)
    return walletError("unsupported_grant_type", "Only pre-authorized codes are taken");
  const grant = parsed.grant;
  const offer = await findOfferByCode(db, sha256(grant.preAuthorizedCode));
  const now = new Date().toISOString();
  if (!offer || offer.redeemed_at || offer.expires_at <= now || offer.failed_attempts >= MAX_TX_CODE_ATTEMPTS)
    return walletError("invalid_grant", "The offer is unknown, used or expired");
  const sealed = JSON.parse(unseal(offer.offer_sealed)) as SealedOffer;
  try {
    await authorizationServer.verifyPreAuthorizedCodeAccessTokenRequest({
      authorizationServerMetadata: authorizationServerMetadata() as never,
      grant,
      accessTokenRequest: parsed.accessTokenRequest,
      request: requestLike(request),
      expectedPreAuthorizedCode: sealed.code,
      expectedTxCode: sealed.txCode,
      preAuthorizedCodeExpiresAt: new Date(offer.expires_at),
    });
  } catch (error) {
    if (!(error instanceof Oauth2ServerErrorResponseError)) throw error;
    await countFailedAttempt(db, offer.id);
    return walletError(error.errorResponse.error, error.errorResponse.error_description ?? "");
  }
  const accessToken = crypto.randomBytes(32).toString("base64url");
  const redeemed = await redeemOffer(db, offer.id, {
    now,
    accessTokenHash: sha256(accessToken),
    accessExpiresAt: inSeconds(ACCESS_TOKEN_SECONDS),
  });
  if (!redeemed) return walletError("invalid_grant", "The offer is unknown, used or expired");
  // The holder's offer was taken by a wallet: the holder's act, from the wallet's address.
  const facts = await findWalletFacts(db, offer.issued_document_id);
  if (facts)
    await audit(
      db,
      { userId: offer.created_by, role: "BENEFICIARY", ip: null },
      {
        action: "wallet.redeem",
        ...auditedDocument(facts),
        details: { issuedDocumentId: facts.id, offerId: offer.id },
      },
    );
  return Response.json(
    { access_token: accessToken, token_type: "Bearer", expires_in: ACCESS_TOKEN_SECONDS },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * The nonce endpoint: a fresh nonce for the next proof of possession. Nothing is stored for it (anyone may ask, as
 * often as they like): the nonce carries its expiry and our MAC over it, and only a spent one is written, by the
 * credential request that spends it (which needs a redeemed offer's access token).
 */
export function newNonce() {
  const payload = `${Math.floor(Date.now() / 1000) + NONCE_SECONDS}.${crypto.randomBytes(16).toString("base64url")}`;
  const nonce = `${payload}.${nonceMac(payload)}`;
  return Response.json(issuer.createNonceResponse({ cNonce: nonce, cNonceExpiresIn: NONCE_SECONDS }), {
    headers: { "Cache-Control": "no-store" },
  });
}

const nonceMac = (payload: string) =>
  crypto.createHmac("sha256", sessionSecret()).update(`wallet-nonce:${payload}`).digest("base64url");

/** When a nonce of ours, unexpired, expires (ISO); undefined for any other string. */
function nonceExpiry(nonce: string): string | undefined {
  const [expiry, random, mac, ...rest] = nonce.split(".");
  if (!expiry || !random || !mac || rest.length > 0 || !/^\d{1,12}$/.test(expiry)) return undefined;
  const expected = Buffer.from(nonceMac(`${expiry}.${random}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  const expiresAt = Number(expiry) * 1000;
  return expiresAt > Date.now() ? new Date(expiresAt).toISOString() : undefined;
}

const bearerOf = (request: Request) =>
  /^Bearer ([A-Za-z0-9_-]+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];

/**
 * The credential endpoint: the document of the offer the access token redeemed, in the format asked for; the
 * SD-JWT VC bound to the key the wallet proved it holds, over a nonce of ours it had not used.
 */
export async function issueToWallet(db: DB, request: Request, body: Record<string, unknown>) {
  const token = bearerOf(request);
  const offer = token ? await findOfferByAccessToken(db, sha256(token), new Date().toISOString()) : undefined;
  if (!offer)
    return walletError("invalid_token", "The access token is unknown or expired", 401, {
      "WWW-Authenticate": 'Bearer error="invalid_token"',
    });
  const metadata = await issuerMetadataResult(db);
  let parsed;
  try {
    parsed = issuer.parseCredentialRequest({ issuerMetadata: metadata, credentialRequest: body });
  } catch {
    return walletError("invalid_credential_request", "The credential request is not understood");
  }
  const configurationId = parsed.credentialConfigurationId;
  const facts = await findWalletFacts(db, offer.issued_document_id);
  const configuration = configurationId ? parseConfigurationId(configurationId) : undefined;
  if (
    !facts ||
    !configuration ||
    configurationId !== configurationIdOf(facts.client_id, facts.kind, configuration.format)
  )
    return walletError("unknown_credential_configuration", "This offer is not for that credential");
  if (facts.status !== "VALID") return walletError("invalid_credential_request", "The document was revoked");
  if (configuration.format === "ldp") {
    const made = await credentialOf(db, facts.id);
    const credentialResponse = issuer.createCredentialResponse({
      credentialRequest: parsed,
      credentials: [{ credential: made!.credential as never }],
    });
    return Response.json(credentialResponse, { headers: { "Cache-Control": "no-store" } });
  }
  const proof = parsed.proofs?.jwt?.[0];
  if (!proof) return walletError("invalid_proof", "A proof of possession (jwt) is required");
  const claimedNonce = proofNonceOf(proof);
  const nonceExpiresAt = claimedNonce ? nonceExpiry(claimedNonce) : undefined;
  if (!nonceExpiresAt || !(await spendNonce(db, sha256(claimedNonce!), nonceExpiresAt, new Date().toISOString())))
    return walletError("invalid_nonce", "The proof's nonce is unknown, used or expired");
  let holderJwk;
  try {
    const verified = await issuer.verifyCredentialRequestJwtProof({
      issuerMetadata: metadata,
      jwt: proof,
      expectedNonce: claimedNonce,
    });
    holderJwk = await publicJwkOf(verified.signer as never);
  } catch {
    return walletError("invalid_proof", "The proof of possession does not verify");
  }
  const made = await sdJwtCredentialOf(db, facts.id, holderJwk as Record<string, unknown>);
  const credentialResponse = issuer.createCredentialResponse({
    credentialRequest: parsed,
    credentials: [{ credential: made!.credential }],
  });
  return Response.json(credentialResponse, { headers: { "Cache-Control": "no-store" } });
}

/** The nonce a proof claims, read before it is verified (the proof is then verified against it). */
function proofNonceOf(jwt: string) {
  try {
    const { nonce } = decodeJwt(jwt);
    return typeof nonce === "string" ? nonce : undefined;
  } catch {
    return undefined;
  }
}
