import crypto from "node:crypto";
import QRCode from "qrcode";
import * as jose from "jose";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import { digest } from "@sd-jwt/crypto-nodejs";
import {
  createOpenid4vpAuthorizationRequest,
  parseOpenid4VpAuthorizationResponsePayload,
  validateOpenid4vpAuthorizationResponsePayload,
} from "@openid4vc/openid4vp";
import type { DB } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { joseCallbacks } from "~/platform/jose/callbacks";
import { seal, unseal } from "~/modules/signing/key-box.server";
import { jwtVcIssuerMetadata, WALLET_PATHS } from "./metadata.server";
import { DISCLOSABLE_CLAIMS, SD_JWT_FORMAT, tokenStatusListOf, vctOf, type DisclosableClaim } from "./sd-jwt.server";
import {
  answerPresentation,
  findPresentationByResponseKey,
  findPresentationByViewKey,
  insertPresentationRequest,
} from "./queries.server";

/**
 * A verifier asks a wallet (OpenID4VP 1.0, docs/decisions/0027): a reviewer chooses a document kind and the claims to
 * see; the request (DCQL, `direct_post`, client identified by its response address) goes by value in a link and a QR
 * code. The wallet's answer is checked: the organisation's signature (its key from its JWT VC issuer metadata), the
 * key binding over this request's nonce and client, the expiry, the status in the organisation's Token Status List.
 * One answer is taken; a refused one leaves the request open and says why on the reviewer's page.
 */
export const PRESENTATION_MINUTES = 15;
export const PRESENTATION_KINDS = ["any", "REQUEST", "ATTESTATION"] as const;
export type PresentationKind = (typeof PRESENTATION_KINDS)[number];
export type PresentationVerdict = "VALID" | "REVOKED" | "EXPIRED";

interface PresentationQuery {
  kind: PresentationKind;
  claims: DisclosableClaim[];
}
interface SealedRequest {
  nonce: string;
  responseKey: string;
}
export interface PresentationResult {
  verdict?: PresentationVerdict;
  refused?: string;
  issuer?: string;
  issuerName?: { ar: string; en: string };
  claims?: Partial<Record<DisclosableClaim, unknown>>;
}

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
const responseUriOf = (responseKey: string) => `${env.publicUrl}${WALLET_PATHS.presentationResponse}/${responseKey}`;

function authorizationRequestPayload(query: PresentationQuery, sealed: SealedRequest) {
  const responseUri = responseUriOf(sealed.responseKey);
  const kinds = query.kind === "any" ? (["REQUEST", "ATTESTATION"] as const) : [query.kind];
  return {
    response_type: "vp_token" as const,
    client_id: `redirect_uri:${responseUri}`,
    response_mode: "direct_post" as const,
    response_uri: responseUri,
    nonce: sealed.nonce,
    dcql_query: {
      credentials: [
        {
          id: "document",
          format: SD_JWT_FORMAT,
          meta: { vct_values: kinds.map((kind) => vctOf(kind)) },
          claims: [{ path: ["issuer_name"] }, ...query.claims.map((claim) => ({ path: [claim] }))],
        },
      ],
    },
    client_metadata: {
      vp_formats_supported: {
        [SD_JWT_FORMAT]: { "sd-jwt_alg_values": ["EdDSA"], "kb-jwt_alg_values": ["EdDSA", "ES256"] },
      },
    },
  };
}

/** A new request to a wallet; answers the key of the reviewer's page. */
export async function createPresentationRequest(db: DB, query: PresentationQuery) {
  const viewKey = crypto.randomBytes(24).toString("base64url");
  const sealed: SealedRequest = {
    nonce: crypto.randomBytes(24).toString("base64url"),
    responseKey: crypto.randomBytes(24).toString("base64url"),
  };
  await insertPresentationRequest(db, {
    responseKeyHash: sha256(sealed.responseKey),
    viewKeyHash: sha256(viewKey),
    requestSealed: seal(JSON.stringify(sealed)),
    query: JSON.stringify(query),
    expiresAt: new Date(Date.now() + PRESENTATION_MINUTES * 60_000).toISOString(),
  });
  return viewKey;
}

/** The reviewer's page: what was asked, the request's link and QR code while it waits, or the answer. */
export async function presentationView(db: DB, viewKey: string) {
  const row = await findPresentationByViewKey(db, sha256(viewKey));
  if (!row) return undefined;
  const query = JSON.parse(row.query_json) as PresentationQuery;
  const result = row.result_json ? (JSON.parse(row.result_json) as PresentationResult) : null;
  const expired = !row.answered_at && row.expires_at <= new Date().toISOString();
  let request = null;
  if (!row.answered_at && !expired) {
    const sealed = JSON.parse(unseal(row.request_sealed)) as SealedRequest;
    const { authorizationRequest } = await createOpenid4vpAuthorizationRequest({
      authorizationRequestPayload: authorizationRequestPayload(query, sealed) as never,
      callbacks: joseCallbacks as never,
    });
    request = {
      link: authorizationRequest,
      qrSvg: await QRCode.toString(authorizationRequest, { type: "svg", margin: 1, errorCorrectionLevel: "L" }),
    };
  }
  return { query, result, answered: Boolean(row.answered_at), expired, expiresAt: row.expires_at, request };
}

/** An OAuth-shaped refusal of a wallet's answer. */
const refusal = (description: string) =>
  Response.json(
    { error: "invalid_request", error_description: description },
    { status: 400, headers: { "Cache-Control": "no-store" } },
  );

const organisationOfIssuer = (issuer: unknown) => {
  const match = typeof issuer === "string" ? /^(.*)\/organisations\/(\d+)$/.exec(issuer) : null;
  return match && match[1] === env.publicUrl ? Number(match[2]) : undefined;
};
const statusListOf = (uri: string) => {
  const match = /^(.*)\/organisations\/(\d+)\/token-status\/(\d+)$/.exec(uri);
  return match && match[1] === env.publicUrl ? { clientId: Number(match[2]), list: Number(match[3]) } : undefined;
};

const verifierOf = (jwk: jose.JWK) => async (data: string, signature: string) => {
  const key = await jose.importJWK(jwk, jwk.kty === "OKP" ? "EdDSA" : "ES256");
  const [header, payload] = data.split(".");
  try {
    await jose.flattenedVerify({ protected: header, payload, signature }, key);
    return true;
  } catch {
    return false;
  }
};

/** Checks one SD-JWT VC presentation against a request: its verdict and the asked claims, or why it is refused. */
async function checkPresentation(
  db: DB,
  presentation: string,
  query: PresentationQuery,
  expected: { nonce: string; audience: string },
): Promise<PresentationResult> {
  let issuer: unknown;
  let expiresAt: unknown;
  try {
    const decoded = await new SDJwtVcInstance({ hasher: digest }).decode(presentation);
    issuer = decoded.jwt?.payload?.iss;
    expiresAt = decoded.jwt?.payload?.exp;
  } catch {
    return { refused: "malformed" };
  }
  const clientId = organisationOfIssuer(issuer);
  const metadata = clientId === undefined ? undefined : await jwtVcIssuerMetadata(db, clientId);
  if (!metadata) return { refused: "unknown-issuer" };
  const issuerVerifier = verifierOf(metadata.jwks.keys[0] as jose.JWK);
  let status = 0;
  const instance = new SDJwtVcInstance({
    hasher: digest,
    verifier: issuerVerifier,
    statusVerifier: issuerVerifier,
    kbVerifier: async (data, signature, payload) => {
      const jwk = (payload.cnf as { jwk?: jose.JWK } | undefined)?.jwk;
      return jwk ? verifierOf(jwk)(data, signature) : false;
    },
    statusListFetcher: async (uri) => {
      const list = statusListOf(uri);
      const token = list ? await tokenStatusListOf(db, list.list, list.clientId) : undefined;
      if (!token) throw new Error("unknown status list");
      return token;
    },
    statusValidator: async (value) => {
      status = value;
    },
  });
  const now = Math.floor(Date.now() / 1000);
  let verified;
  try {
    // Checked at the document's last valid second when it has expired, so that the rest of the check still runs.
    const expired = typeof expiresAt === "number" && expiresAt < now;
    verified = await instance.verify(presentation, {
      keyBindingNonce: expected.nonce,
      requiredClaimKeys: ["iss", "vct", "issuer_name"],
      ...(expired ? { currentDate: (expiresAt as number) - 1 } : {}),
    });
    if (!verified.kb) return { refused: "no-key-binding" };
    if (verified.kb.payload.aud !== expected.audience) return { refused: "wrong-audience" };
    if (Math.abs(verified.kb.payload.iat - now) > 300) return { refused: "stale-key-binding" };
    const kinds = query.kind === "any" ? ["REQUEST", "ATTESTATION"] : [query.kind];
    if (!kinds.some((kind) => vctOf(kind as "REQUEST") === verified!.payload.vct)) return { refused: "wrong-kind" };
    const payload = verified.payload as Record<string, unknown>;
    return {
      verdict: status !== 0 ? "REVOKED" : expired ? "EXPIRED" : "VALID",
      issuer: metadata.issuer,
      issuerName: payload.issuer_name as { ar: string; en: string },
      claims: Object.fromEntries(
        query.claims.filter((claim) => claim in payload).map((claim) => [claim, payload[claim]]),
      ),
    };
  } catch {
    return { refused: "signature" };
  }
}

/** The wallet's answer to a request (`direct_post`): checked, and taken once. */
export async function receivePresentation(db: DB, responseKey: string, body: Record<string, unknown>) {
  const row = await findPresentationByResponseKey(db, sha256(responseKey));
  if (!row || row.answered_at || row.expires_at <= new Date().toISOString())
    return refusal("The request is unknown, answered or expired");
  const query = JSON.parse(row.query_json) as PresentationQuery;
  const sealed = JSON.parse(unseal(row.request_sealed)) as SealedRequest;
  const requestPayload = authorizationRequestPayload(query, sealed);
  let presentations: string[];
  try {
    const responsePayload = parseOpenid4VpAuthorizationResponsePayload(body);
    const validated = validateOpenid4vpAuthorizationResponsePayload({
      authorizationRequestPayload: requestPayload as never,
      authorizationResponsePayload: responsePayload,
    });
    if (validated.type !== "dcql") return refusal("A DCQL answer is expected");
    presentations = (validated.dcql.presentations.document ?? []).filter(
      (entry): entry is string => typeof entry === "string",
    );
  } catch {
    return refusal("The answer is not understood");
  }
  if (presentations.length !== 1) return refusal("One presentation of the document is expected");
  const result = await checkPresentation(db, presentations[0], query, {
    nonce: sealed.nonce,
    audience: requestPayload.client_id,
  });
  if (result.refused) {
    await answerPresentation(db, row.id, null, JSON.stringify(result));
    return refusal(`The presentation is refused: ${result.refused}`);
  }
  if (!(await answerPresentation(db, row.id, new Date().toISOString(), JSON.stringify(result))))
    return refusal("The request is unknown, answered or expired");
  return Response.json({}, { headers: { "Cache-Control": "no-store" } });
}

export const isDisclosableClaim = (value: string): value is DisclosableClaim =>
  (DISCLOSABLE_CLAIMS as readonly string[]).includes(value);
