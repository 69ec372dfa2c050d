import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import { contexts } from "@digitalbazaar/credentials-context";
import { checkStatus } from "@digitalbazaar/vc-bitstring-status-list";
import * as vc from "@digitalbazaar/vc";

/**
 * did:web as the method resolves it (over http for a server on 127.0.0.1, the only place tests run one): the host's
 * /.well-known/did.json, or, with a path (did:web:host:organisations:3), /organisations/3/did.json.
 */
function didWebUrl(did: string) {
  const [host, ...path] = did.slice("did:web:".length).split(":").map(decodeURIComponent);
  const scheme = host.startsWith("127.0.0.1") ? "http" : "https";
  return `${scheme}://${host}/${path.length ? `${path.join("/")}/did.json` : ".well-known/did.json"}`;
}

/**
 * A verifier that knows nothing of our code: Digital Bazaar's VC library and its eddsa-rdfc-2022 cryptosuite, the
 * DID document and the status list fetched over HTTP from the server, the VC 2.0 contexts from the library.
 */
async function documentLoader(url: string) {
  const context = contexts.get(url);
  if (context) return { documentUrl: url, document: context };
  if (url.startsWith("did:web:")) {
    const [did, fragment] = url.split("#");
    const document = (await (await fetch(didWebUrl(did))).json()) as {
      verificationMethod: { id: string }[];
    };
    const found = fragment ? document.verificationMethod.find((method) => method.id === url) : document;
    if (!found) throw new Error(`${url} is not in the DID document`);
    return { documentUrl: url, document: found };
  }
  if (url.startsWith("http://127.0.0.1")) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return { documentUrl: url, document: await response.json() };
  }
  throw new Error(`Not loading ${url}`);
}

export async function verifyCredentialOverHttp(credential: object) {
  const result = await vc.verifyCredential({
    credential,
    suite: new DataIntegrityProof({ cryptosuite }),
    documentLoader,
    checkStatus,
  });
  // The library verifies the proof and reads the status; a revoked credential is one whose bit is set.
  const revoked = result.statusResult?.results?.[0]?.status === true;
  return { verified: result.verified, revoked, valid: result.verified && !revoked, error: result.error };
}
