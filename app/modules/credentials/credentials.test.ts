import { contexts } from "@digitalbazaar/credentials-context";
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import * as vc from "@digitalbazaar/vc";
import { checkStatus } from "@digitalbazaar/vc-bitstring-status-list";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { seal } from "~/modules/signing/key-box.server";
import { createSeededTestDb } from "~/test/db";
import { env } from "~/platform/env.server";
import {
  credentialOf,
  didDocument,
  didOf,
  methodOf,
  organisationDidDocument,
  signCredential,
  STATUS_LIST_LENGTH,
  statusListCredential,
} from "./service.server";

let db: DB;
beforeEach(async () => {
  db = await createSeededTestDb();
});

/** A verifier that knows only Digital Bazaar's library: every DID document and list as the routes serve them. */
async function documentLoader(url: string) {
  const context = contexts.get(url);
  if (context) return { documentUrl: url, document: context };
  if (url.startsWith("did:web:")) {
    const [did, fragment] = url.split("#");
    const own = /:organisations:(\d+)$/.exec(did);
    const document = (own ? await organisationDidDocument(db, Number(own[1])) : await didDocument(db)) as {
      verificationMethod: { id: string }[];
    };
    const found = fragment ? document.verificationMethod.find((method) => method.id === url) : document;
    if (!found) throw new Error(`${url} is not in ${did}'s document`);
    return { documentUrl: url, document: found };
  }
  const list = new RegExp(`^${env.publicUrl}(?:/organisations/(\\d+))?(?:/credentials)?/status/(\\d+)$`).exec(url);
  if (list)
    return {
      documentUrl: url,
      document: await statusListCredential(db, Number(list[2]), list[1] ? Number(list[1]) : null),
    };
  throw new Error(`Not loading ${url}`);
}
const verify = (credential: object) =>
  vc.verifyCredential({ credential, suite: new DataIntegrityProof({ cryptosuite }), documentLoader, checkStatus });

const issuedOf = (clientId: number) =>
  db
    .selectFrom("issued_documents")
    .select(["id", "status_position", "created_at", "status"])
    .where("client_id", "=", clientId)
    .where("status", "=", "VALID")
    .where("expiry_date", ">", new Date().toISOString())
    .orderBy("id")
    .execute();

describe("each organisation its own issuer", () => {
  it("issues with its own did:web, whose document holds its key alone; another's key cannot sign for it", async () => {
    const [university] = await issuedOf(1);
    const [ministry] = await issuedOf(2);
    const ofUniversity = (await credentialOf(db, university.id))!.credential as Record<string, unknown>;
    const universityDid = `${didOf()}:organisations:1`;
    expect((ofUniversity.issuer as { id: string }).id).toBe(universityDid);
    expect((ofUniversity.proof as { verificationMethod: string }).verificationMethod).toBe(`${universityDid}#key-1`);
    expect((await verify(ofUniversity)).verified).toBe(true);
    expect((await verify((await credentialOf(db, ministry.id))!.credential)).verified).toBe(true);

    const universityDocument = (await organisationDidDocument(db, 1))!;
    expect(universityDocument.verificationMethod.map((method) => method.id)).toEqual([`${universityDid}#key-1`]);
    const deployment = await didDocument(db);
    expect(deployment.verificationMethod.map((method) => method.id)).toEqual([methodOf(null)]);
    expect(await organisationDidDocument(db, 999)).toBeUndefined();

    // A credential naming the Ministry, signed with the University's key: the library refuses it.
    const { proof: _, ...unsigned } = ofUniversity;
    const forged = await signCredential(
      db,
      { ...unsigned, issuer: { id: `${didOf()}:organisations:2`, name: "Ministry of Labour" } },
      1,
      String(ofUniversity.validFrom),
    );
    const result = await verify(forged);
    expect(result.verified).toBe(false);
    expect(String(JSON.stringify(result.error ?? result))).toContain(
      "issuer must match the verification method controller",
    );
  });

  it("keeps verifying a credential signed before, with the organisation's key in the deployment's DID", async () => {
    const did = didOf();
    const id = methodOf(1, did);
    const earlier = await (
      await Ed25519Multikey.generate({ id, controller: did })
    ).export({
      publicKey: true,
      secretKey: true,
    });
    await db
      .insertInto("credential_keys")
      .values({
        client_id: 1,
        own_did: 0,
        public_key_multibase: earlier.publicKeyMultibase,
        secret_key_sealed: seal(earlier.secretKeyMultibase!),
      })
      .execute();
    const [university] = await issuedOf(1);
    const { proof: _, ...now } = (await credentialOf(db, university.id))!.credential as Record<string, unknown>;
    const key = await Ed25519Multikey.from({ ...earlier, id, controller: did });
    // As credentials were then: the deployment's DID as the issuer, its status list (the position was the id).
    const position = university.status_position!;
    const status = {
      id: `${env.publicUrl}/credentials/status/${Math.floor(position / STATUS_LIST_LENGTH) + 1}#${position % STATUS_LIST_LENGTH}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(position % STATUS_LIST_LENGTH),
      statusListCredential: `${env.publicUrl}/credentials/status/${Math.floor(position / STATUS_LIST_LENGTH) + 1}`,
    };
    const signedBefore = await vc.issue({
      credential: { ...now, issuer: { id: did, name: "Demo University" }, credentialStatus: status },
      suite: new DataIntegrityProof({ signer: key.signer(), cryptosuite, date: String(now.validFrom) }),
      documentLoader,
    });
    expect((await didDocument(db)).verificationMethod.map((method) => method.id)).toContain(id);
    expect((await verify(signedBefore)).verified).toBe(true);
  });
});

describe("the status lists", () => {
  it("place each new document at random, in lists of 131,072, and their dates say nothing of revocations", async () => {
    const positions = (
      await db.selectFrom("issued_documents").select(["id", "status_position"]).orderBy("id").execute()
    ).map((row) => row.status_position!);
    expect(STATUS_LIST_LENGTH).toBeGreaterThanOrEqual(131_072);
    expect(new Set(positions).size).toBe(positions.length);
    // Not the ids, and not in the order they were issued.
    const ids = (await db.selectFrom("issued_documents").select("id").orderBy("id").execute()).map((row) => row.id);
    expect(positions).not.toEqual(ids);
    expect([...positions].sort((a, b) => a - b)).not.toEqual(positions);
    expect(Math.max(...positions)).toBeGreaterThan(1000);

    const [document] = await issuedOf(1);
    const listOf = (position: number) => Math.floor(position / STATUS_LIST_LENGTH) + 1;
    const before = (await statusListCredential(db, listOf(document.status_position!), 1)) as Record<string, unknown>;
    const credential = (await credentialOf(db, document.id))!.credential;
    expect((await verify(credential)).statusResult?.results?.[0].status).toBe(false);
    await db
      .updateTable("issued_documents")
      .set({ status: "REVOKED", revoked_at: new Date().toISOString() })
      .where("id", "=", document.id)
      .execute();
    const after = (await statusListCredential(db, listOf(document.status_position!), 1)) as Record<string, unknown>;
    expect(after.validFrom).toBe(before.validFrom);
    expect((after.proof as { created: string }).created).toBe((before.proof as { created: string }).created);
    expect(after.credentialSubject).not.toEqual(before.credentialSubject);
    const checked = await verify(credential);
    expect(checked.verified).toBe(true);
    expect(checked.statusResult?.results?.[0].status).toBe(true);
  });
});
