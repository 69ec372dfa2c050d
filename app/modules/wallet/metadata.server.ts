import type { DB } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { i18nFor } from "~/platform/i18n/instances.server";
import { CREDENTIALS_V2, UNDEFINED_TERMS, organisationJoseKey } from "~/modules/credentials/service.server";
import { organisationExists } from "~/modules/credentials/queries.server";
import { DISCLOSABLE_CLAIMS, SD_JWT_FORMAT, VCT_NAMES, sdJwtIssuerOf, vctOf, type DocumentKind } from "./sd-jwt.server";
import { walletOrganisations } from "./queries.server";

/**
 * What a wallet reads before it takes a document (docs/decisions/0027): the credential issuer's metadata
 * (OpenID4VCI 1.0) with each organisation's two formats of each document kind, named in Arabic and English with its
 * logo; the authorization server's (the same deployment, pre-authorized codes only); the SD-JWT VC types' metadata;
 * and each organisation's key as an SD-JWT VC issuer.
 */
const LANGUAGES = ["ar", "en"] as const;
const KINDS: DocumentKind[] = ["REQUEST", "ATTESTATION"];
export const WALLET_PATHS = {
  token: "/wallet/token",
  nonce: "/wallet/nonce",
  credential: "/wallet/credential",
  presentationResponse: "/wallet/presentations",
} as const;
/** Signing algorithms a wallet may prove possession of its key with. */
export const PROOF_ALGORITHMS = ["EdDSA", "ES256"];

/** A credential configuration's id: the organisation, the document kind and the format. */
export const configurationIdOf = (clientId: number, kind: DocumentKind, format: "sd-jwt" | "ldp") =>
  `organisation-${clientId}-${VCT_NAMES[kind]}-${format}`;

export function parseConfigurationId(id: string) {
  const match = /^organisation-(\d+)-(issued-document|attested-copy)-(sd-jwt|ldp)$/.exec(id);
  if (!match) return undefined;
  return {
    clientId: Number(match[1]),
    kind: (match[2] === "issued-document" ? "REQUEST" : "ATTESTATION") as DocumentKind,
    format: match[3] as "sd-jwt" | "ldp",
  };
}

const logoOf = (clientId: number, base: string) => ({ uri: `${base}/organisations/${clientId}/logo`, alt_text: "" });

function configurationsOf(organisation: { id: number; name_en: string; name_ar: string }, base: string) {
  const entries: [string, object][] = [];
  for (const kind of KINDS) {
    const display = LANGUAGES.map((locale) => {
      const { t } = i18nFor(locale);
      const name = locale === "ar" ? organisation.name_ar : organisation.name_en;
      return {
        name: t(`wallet.kinds.${VCT_NAMES[kind]}`),
        description: t("wallet.issuedBy", { organisation: name }),
        locale,
        logo: { ...logoOf(organisation.id, base), alt_text: name },
      };
    });
    const claims = DISCLOSABLE_CLAIMS.map((claim) => ({
      path: [claim],
      display: LANGUAGES.map((locale) => ({ name: i18nFor(locale).t(`wallet.claims.${claim}`), locale })),
    }));
    entries.push([
      configurationIdOf(organisation.id, kind, "sd-jwt"),
      {
        format: SD_JWT_FORMAT,
        vct: vctOf(kind, base),
        scope: `${VCT_NAMES[kind]}-sd-jwt`,
        cryptographic_binding_methods_supported: ["jwk", "did:key"],
        credential_signing_alg_values_supported: ["EdDSA"],
        proof_types_supported: { jwt: { proof_signing_alg_values_supported: PROOF_ALGORITHMS } },
        credential_metadata: { display, claims },
      },
    ]);
    entries.push([
      configurationIdOf(organisation.id, kind, "ldp"),
      {
        format: "ldp_vc",
        scope: `${VCT_NAMES[kind]}-ldp`,
        credential_signing_alg_values_supported: ["eddsa-rdfc-2022"],
        credential_definition: {
          "@context": [CREDENTIALS_V2, UNDEFINED_TERMS],
          type: ["VerifiableCredential", kind === "REQUEST" ? "IssuedDocumentCredential" : "AttestedCopyCredential"],
        },
        credential_metadata: { display },
      },
    ]);
  }
  return entries;
}

export async function credentialIssuerMetadata(db: DB, base = env.publicUrl) {
  const organisations = await walletOrganisations(db);
  return {
    credential_issuer: base,
    authorization_servers: [base],
    credential_endpoint: `${base}${WALLET_PATHS.credential}`,
    nonce_endpoint: `${base}${WALLET_PATHS.nonce}`,
    display: LANGUAGES.map((locale) => ({ name: i18nFor(locale).t("app.name"), locale })),
    credential_configurations_supported: Object.fromEntries(
      organisations.flatMap((organisation) => configurationsOf(organisation, base)),
    ),
  };
}

export const PRE_AUTHORIZED_GRANT = "urn:ietf:params:oauth:grant-type:pre-authorized_code";

export const authorizationServerMetadata = (base = env.publicUrl) => ({
  issuer: base,
  token_endpoint: `${base}${WALLET_PATHS.token}`,
  grant_types_supported: [PRE_AUTHORIZED_GRANT],
  response_types_supported: [],
  token_endpoint_auth_methods_supported: ["none"],
  "pre-authorized_grant_anonymous_access_supported": true,
});

/** SD-JWT VC Type Metadata of a document kind: its names and its claims' names, in Arabic and English. */
export function typeMetadataOf(kind: DocumentKind, base = env.publicUrl) {
  return {
    vct: vctOf(kind, base),
    name: i18nFor("en").t(`wallet.kinds.${VCT_NAMES[kind]}`),
    display: LANGUAGES.map((locale) => ({
      locale,
      name: i18nFor(locale).t(`wallet.kinds.${VCT_NAMES[kind]}`),
      description: i18nFor(locale).t("wallet.typeDescription"),
    })),
    claims: [
      { path: ["issuer_name"], sd: "never", display: claimDisplay("issuer_name") },
      ...DISCLOSABLE_CLAIMS.map((claim) => ({ path: [claim], sd: "always", display: claimDisplay(claim) })),
    ],
  };
}

const claimDisplay = (claim: string) =>
  LANGUAGES.map((locale) => ({ locale, label: i18nFor(locale).t(`wallet.claims.${claim}`) }));

/** An organisation as an SD-JWT VC issuer: its key (JWT VC Issuer Metadata); undefined: no such organisation. */
export async function jwtVcIssuerMetadata(db: DB, clientId: number, base = env.publicUrl) {
  if (!(await organisationExists(db, clientId))) return undefined;
  const key = await organisationJoseKey(db, clientId);
  return {
    issuer: sdJwtIssuerOf(clientId, base),
    jwks: { keys: [{ ...key.publicJwk, kid: key.kid, alg: "EdDSA", use: "sig" }] },
  };
}
