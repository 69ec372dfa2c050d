import type { DB } from "~/db/db.server";
import { createAuthority, createOrganisationCredentials, type Credentials } from "./certificates.server";
import { seal, unseal } from "./key-box.server";
import { findCredentials, insertCredentials } from "./queries.server";
import { embedSignature, type PreparedSignature } from "./sign-pdf.server";

/** The name of the deployment's certificate authority, in its certificate. */
export const AUTHORITY_NAME = "Documents and Attestations Certificate Authority";

// Per database (tests open many), per organisation: unsealed once per process.
const caches = new WeakMap<DB, Map<number | null, Credentials>>();

/** Reads the credentials, making and storing them the first time (under a race, the first stored win). */
async function credentialsOf(db: DB, clientId: number | null, make: () => Promise<Credentials>) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const cached = cache.get(clientId);
  if (cached) return cached;
  let stored = await findCredentials(db, clientId);
  if (!stored) {
    const made = await make();
    await insertCredentials(db, {
      clientId,
      certificatePem: made.certificatePem,
      privateKeySealed: seal(made.privateKeyPem),
    });
    stored = (await findCredentials(db, clientId))!;
  }
  const credentials = { certificatePem: stored.certificate_pem, privateKeyPem: unseal(stored.private_key_sealed) };
  cache.set(clientId, credentials);
  return credentials;
}

/** The deployment's certificate authority: made at first use (the server asks at start). */
export const authorityCredentials = (db: DB) => credentialsOf(db, null, () => createAuthority(AUTHORITY_NAME));

/** The authority's certificate (PEM), which anyone may download to check the organisations' signatures. */
export const authorityCertificate = async (db: DB) => (await authorityCredentials(db)).certificatePem;

/** Signs a stamped PDF (its signature prepared by the stamp) as its organisation, with a certificate naming it. */
export async function signAs(
  db: DB,
  client: { id: number; en: string; ar: string },
  stamped: { bytes: Uint8Array; signing?: PreparedSignature },
) {
  if (!stamped.signing) throw new Error("The stamp left no room for the signature");
  const authority = await authorityCredentials(db);
  const organisation = await credentialsOf(db, client.id, () =>
    createOrganisationCredentials(authority, { en: client.en, ar: client.ar }),
  );
  return embedSignature(stamped.bytes, stamped.signing, organisation, authority);
}
