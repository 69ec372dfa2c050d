import { expect, test } from "@playwright/test";
import { Oauth2ClientErrorResponseError } from "@openid4vc/oauth2";
import {
  createOpenid4vpAuthorizationResponse,
  parseOpenid4vpAuthorizationRequest,
  resolveOpenid4vpAuthorizationRequest,
  submitOpenid4vpAuthorizationResponse,
} from "@openid4vc/openid4vp";
import { serverForFile } from "../spawn-server";
import { openServerDatabase } from "../server-db";
import { DEMO, sessionCookieAt } from "../support";
import { verifyCredentialOverHttp } from "../credentials";
import { presentSdJwt, verifySdJwtOverHttp, walletCallbacks, walletClient, walletKey } from "../wallet";

/**
 * Documents in a wallet (docs/decisions/0027), through the production server, by a wallet and a verifier built on
 * @openid4vc/* and @sd-jwt/*: a server of its own, whose documents these tests may revoke.
 */
const server = serverForFile(4445, { DEMO_DATA: "on" });
test.describe.configure({ mode: "serial" });

const unescapeHtml = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** Valid documents of the demo beneficiary, each with its organisation and request. */
async function holderDocuments() {
  const db = await openServerDatabase(server.databaseUrl, { readonly: true });
  const rows = await db.all<{ id: number; request_id: number; document_hash: string; client_id: number }>(
    `SELECT d.id, d.request_id, d.document_hash, d.client_id FROM issued_documents d JOIN users u ON u.id = d.beneficiary_id
     WHERE u.email = ? AND d.status = 'VALID' AND d.expiry_date > ? AND d.request_id IS NOT NULL ORDER BY d.id`,
    DEMO.BENEFICIARY,
    new Date().toISOString(),
  );
  await db.close();
  return rows;
}

/** The holder asks for an offer on the wallet page (a plain form post) and reads the link and transaction code. */
async function offerOf(cookie: string, documentId: number) {
  const page = `${server.url}/beneficiary/wallet/${documentId}`;
  const made = await fetch(page, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "offer" }),
  });
  expect(made.status).toBe(302);
  const html = await (await fetch(page, { headers: { Cookie: cookie, "Accept-Language": "en" } })).text();
  const link = unescapeHtml(/href="(openid-credential-offer:[^"]+)"/.exec(html)![1]);
  const txCode = /data-testid="tx-code">(\d+)</.exec(html)![1];
  return { link, txCode, html };
}

test("the wallet page is the holder's: another person, staff and nobody get no offer", async () => {
  const [document] = (await holderDocuments()).slice(-1);
  for (const email of ["beneficiary2@example.com", DEMO.CLERK, DEMO.CLIENT_ADMIN, DEMO.SUPER_ADMIN]) {
    const cookie = await sessionCookieAt(server.url, email);
    const page = await fetch(`${server.url}/beneficiary/wallet/${document.id}`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect([403, 404], email).toContain(page.status);
  }
  const anonymous = await fetch(`${server.url}/beneficiary/wallet/${document.id}`, { redirect: "manual" });
  expect(anonymous.status).toBe(302);
});

test("a verifier asks a wallet over OpenID4VP: only the asked claims come back and are verified; a tampered or replayed answer is refused", async () => {
  const cookie = await sessionCookieAt(server.url, DEMO.BENEFICIARY);
  const [document] = (await holderDocuments()).slice(-1);
  const { link, txCode } = await offerOf(cookie, document.id);
  const key = await walletKey();
  const wallet = walletClient(key);
  const offer = await wallet.resolveCredentialOffer(link);
  const metadata = await wallet.resolveIssuerMetadata(offer.credential_issuer);
  const { accessTokenResponse } = await wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({
    credentialOffer: offer,
    issuerMetadata: metadata,
    txCode,
  });
  const { c_nonce: nonce } = await wallet.requestNonce({ issuerMetadata: metadata });
  const { jwt } = await wallet.createCredentialRequestJwtProof({
    credentialConfigurationId: offer.credential_configuration_ids[0],
    issuerMetadata: metadata,
    signer: { method: "jwk", alg: "EdDSA", publicJwk: key.publicJwk },
    nonce,
  });
  const taken = await wallet.retrieveCredentials({
    issuerMetadata: metadata,
    accessToken: accessTokenResponse.access_token,
    credentialConfigurationId: offer.credential_configuration_ids[0],
    proof: { proof_type: "jwt", jwt },
  });
  const sdJwt = (taken.credentialResponse.credentials as { credential: string }[])[0].credential;

  /** A reviewer's request, as the wallet reads it from the page's same-device link. */
  async function reviewerAsks(claims: string[]) {
    const made = await fetch(`${server.url}/verify/present`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([["kind", "REQUEST"], ...claims.map((claim) => ["claims", claim])]),
    });
    expect(made.status).toBe(303);
    const page = new URL(made.headers.get("Location")!, server.url).href;
    const html = await (await fetch(page, { headers: { "Accept-Language": "en" } })).text();
    expect(html).toContain('http-equiv="refresh"');
    const requestLink = unescapeHtml(/href="(openid4vp:[^"]+)"/.exec(html)![1]);
    const callbacks = walletCallbacks(key);
    const parsed = parseOpenid4vpAuthorizationRequest({ authorizationRequest: requestLink });
    const resolved = await resolveOpenid4vpAuthorizationRequest({
      authorizationRequestPayload: parsed.params as never,
      callbacks: callbacks as never,
    });
    return { page, resolved, callbacks };
  }
  async function answer(asked: Awaited<ReturnType<typeof reviewerAsks>>, presentation: string) {
    const payload = asked.resolved.authorizationRequestPayload as { response_uri: string };
    const response = await createOpenid4vpAuthorizationResponse({
      authorizationRequestPayload: payload as never,
      authorizationResponsePayload: { vp_token: { document: [presentation] } },
      callbacks: asked.callbacks as never,
    });
    return submitOpenid4vpAuthorizationResponse({
      authorizationRequestPayload: payload as never,
      authorizationResponsePayload: response.authorizationResponsePayload,
      callbacks: asked.callbacks as never,
    });
  }
  const bindingOf = (asked: Awaited<ReturnType<typeof reviewerAsks>>) => ({
    nonce: asked.resolved.authorizationRequestPayload.nonce,
    aud: asked.resolved.authorizationRequestPayload.client_id!,
  });

  const asked = await reviewerAsks(["document_name", "holder_name"]);
  const query = asked.resolved.dcql!.query as { credentials: { claims: { path: string[] }[] }[] };
  expect(query.credentials[0].claims.map((claim) => claim.path[0])).toEqual([
    "issuer_name",
    "document_name",
    "holder_name",
  ]);

  // Tampered: a disclosure changed after the issuer signed. Refused, and the request stays open.
  const presentation = await presentSdJwt(sdJwt, key, ["document_name", "holder_name"], bindingOf(asked));
  const [jws, ...rest] = presentation.split("~");
  const forged = [jws, ...rest.map((part, index) => (index === 0 && part ? `${part.slice(0, -2)}AA` : part))].join("~");
  expect((await answer(asked, forged)).response.status).toBe(400);
  // Bound to another request (its nonce and audience): refused.
  const other = await reviewerAsks(["document_name"]);
  const elsewhere = await presentSdJwt(sdJwt, key, ["document_name"], bindingOf(other));
  expect((await answer(asked, elsewhere)).response.status).toBe(400);
  const refusedPage = await (await fetch(asked.page, { headers: { "Accept-Language": "en" } })).text();
  expect(refusedPage).toContain('data-testid="present-refused"');

  expect((await answer(asked, presentation)).response.status).toBe(200);
  const answered = await (await fetch(asked.page, { headers: { "Accept-Language": "en" } })).text();
  expect(answered).toContain('data-verdict="VALID"');
  expect(answered).not.toContain('http-equiv="refresh"');
  expect(answered).toMatch(/data-claim="document_name"><bdi>[^<]+<\/bdi>/);
  expect(answered).toMatch(/data-claim="holder_name"><bdi>[^<]+<\/bdi>/);
  expect(answered).not.toContain("national_id");
  // Replayed: the same answer again is refused.
  expect((await answer(asked, presentation)).response.status).toBe(400);
  // In Arabic too.
  const arabic = await (await fetch(asked.page, { headers: { "Accept-Language": "ar" } })).text();
  expect(arabic).toContain("وثيقة صالحة");
});

// Last: it revokes the document the others use.
test("a wallet takes a document over OpenID4VCI in both formats; the SD-JWT VC verifies against the organisation's key, and revocation shows in both status lists", async () => {
  const cookie = await sessionCookieAt(server.url, DEMO.BENEFICIARY);
  const [document] = await holderDocuments();
  const before = await (
    await fetch(`${server.url}/beneficiary/wallet/${document.id}`, { headers: { Cookie: cookie } })
  ).text();
  expect(before).toContain('data-testid="no-offer"');
  const { link, txCode } = await offerOf(cookie, document.id);

  const key = await walletKey();
  const wallet = walletClient(key);
  const offer = await wallet.resolveCredentialOffer(link);
  expect(offer.credential_issuer).toBe(server.url);
  expect(offer.credential_configuration_ids).toHaveLength(2);
  const metadata = await wallet.resolveIssuerMetadata(offer.credential_issuer);
  const [sdJwtId, ldpId] = offer.credential_configuration_ids;
  const configuration = metadata.credentialIssuer.credential_configurations_supported[sdJwtId] as {
    credential_metadata: { display: { locale: string; name: string; logo: { uri: string } }[] };
  };
  expect(configuration.credential_metadata.display.map((display) => display.locale)).toEqual(["ar", "en"]);
  const logo = await fetch(configuration.credential_metadata.display[0].logo.uri);
  expect(logo.status).toBe(200);
  expect(logo.headers.get("Content-Type")).toMatch(/^image\//);

  // A wrong transaction code is refused, and does not spend the offer.
  const wrongCode = String((Number(txCode) + 1) % 1_000_000).padStart(6, "0");
  await expect(
    wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({
      credentialOffer: offer,
      issuerMetadata: metadata,
      txCode: wrongCode,
    }),
  ).rejects.toBeInstanceOf(Oauth2ClientErrorResponseError);
  const { accessTokenResponse } = await wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({
    credentialOffer: offer,
    issuerMetadata: metadata,
    txCode,
  });
  // The offer works once.
  await expect(
    wallet.retrievePreAuthorizedCodeAccessTokenFromOffer({ credentialOffer: offer, issuerMetadata: metadata, txCode }),
  ).rejects.toBeInstanceOf(Oauth2ClientErrorResponseError);

  const signer = { method: "jwk" as const, alg: "EdDSA", publicJwk: key.publicJwk };
  const credentialWith = async (nonce: string) => {
    const { jwt } = await wallet.createCredentialRequestJwtProof({
      credentialConfigurationId: sdJwtId,
      issuerMetadata: metadata,
      signer,
      nonce,
    });
    return wallet.retrieveCredentials({
      issuerMetadata: metadata,
      accessToken: accessTokenResponse.access_token,
      credentialConfigurationId: sdJwtId,
      proof: { proof_type: "jwt", jwt },
    });
  };
  // A proof over a nonce the server never gave is refused.
  await expect(credentialWith("a-nonce-of-my-own")).rejects.toThrow();
  // Anyone may ask for nonces, as often as they like: asking writes nothing (only a spent nonce is kept).
  const spentNonces = async () => {
    const db = await openServerDatabase(server.databaseUrl, { readonly: true });
    const row = await db.get<{ n: number }>("SELECT count(*) AS n FROM wallet_nonces");
    await db.close();
    return Number(row!.n);
  };
  const spentBefore = await spentNonces();
  const asked = await Promise.all(Array.from({ length: 50 }, () => wallet.requestNonce({ issuerMetadata: metadata })));
  expect(await spentNonces()).toBe(spentBefore);
  // A nonce of ours whose expiry was pushed back is refused.
  const [expiry, ...rest] = asked[0].c_nonce!.split(".");
  await expect(credentialWith([String(Number(expiry) + 3600), ...rest].join("."))).rejects.toThrow();
  const { c_nonce: nonce } = await wallet.requestNonce({ issuerMetadata: metadata });
  const taken = await credentialWith(nonce);
  const sdJwt = (taken.credentialResponse.credentials as { credential: string }[])[0].credential;
  // The same nonce again is refused: each proof is over a fresh one.
  await expect(credentialWith(nonce)).rejects.toThrow();

  const verified = await verifySdJwtOverHttp(sdJwt);
  expect(verified.payload.iss).toBe(`${server.url}/organisations/${document.client_id}`);
  expect(verified.payload.vct).toBe(`${server.url}/credentials/types/issued-document`);
  expect(verified.payload.cnf).toEqual({ jwk: key.publicJwk });
  expect(verified.payload.document_sha256).toBe(document.document_hash);
  expect(verified.payload.holder_name).toMatchObject({ en: expect.any(String), ar: expect.any(String) });
  expect(verified.typeMetadata?.mergedTypeMetadata.display?.map((display) => display.locale)).toEqual(["ar", "en"]);
  // Every claim but the issuer, dates and status is disclosable: the signed payload carries none of them in clear.
  const signedPayload = JSON.parse(Buffer.from(sdJwt.split("~")[0].split(".")[1], "base64url").toString("utf8"));
  for (const claim of ["holder_name", "national_id", "document_name", "document_sha256", "verification_code"])
    expect(signedPayload, claim).not.toHaveProperty(claim);
  expect(signedPayload).toHaveProperty("issuer_name");

  const ldp = await wallet.retrieveCredentials({
    issuerMetadata: metadata,
    accessToken: accessTokenResponse.access_token,
    credentialConfigurationId: ldpId,
  });
  const ldpCredential = (ldp.credentialResponse.credentials as { credential: object }[])[0].credential;
  expect(await verifyCredentialOverHttp(ldpCredential)).toMatchObject({ verified: true, revoked: false });

  // Revoked by the organisation: both status lists say so.
  const admin = await sessionCookieAt(server.url, DEMO.CLIENT_ADMIN);
  const revoked = await fetch(`${server.url}/client-admin/document-categories/request/${document.request_id}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: admin, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "revoke",
      issuedDocumentId: String(document.id),
      "reason.english": "Wallet test",
    }),
  });
  expect(revoked.status).toBe(302);
  await expect(verifySdJwtOverHttp(sdJwt)).rejects.toThrow(/Status is not valid/);
  expect(await verifyCredentialOverHttp(ldpCredential)).toMatchObject({ verified: true, revoked: true });
  // A revoked document gets no new offer.
  const after = await (
    await fetch(`${server.url}/beneficiary/wallet/${document.id}`, {
      headers: { Cookie: cookie, "Accept-Language": "en" },
    })
  ).text();
  expect(after).toContain("was revoked");
  expect(after).not.toContain("openid-credential-offer:");
});
