import fc from "fast-check";
import * as jose from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { SDJwtVcInstance } from "@sd-jwt/sd-jwt-vc";
import { digest } from "@sd-jwt/crypto-nodejs";
import type { DB } from "~/platform/db/db.server";
import { createSeededTestDb, onPostgres } from "~/test/db";
import { jwtVcIssuerMetadata } from "./metadata.server";
import { sdJwtCredentialOf, tokenStatusListOf } from "./sd-jwt.server";
import { MAX_TX_CODE_ATTEMPTS, createOffer, exchangeToken, liveOffer } from "./service.server";

/**
 * The SD-JWT VC read back by @sd-jwt/sd-jwt-vc for holders whose names are chosen to break it, and the offer's rules:
 * expiry, and wrong transaction codes burning it (docs/decisions/0027).
 */
let db: DB;
let document: { id: number; client_id: number; beneficiary_id: number };
beforeEach(async () => {
  db = await createSeededTestDb();
  document = await db
    .selectFrom("issued_documents")
    .select(["id", "client_id", "beneficiary_id"])
    .where("status", "=", "VALID")
    .where("request_id", "is not", null)
    .orderBy("id")
    .executeTakeFirstOrThrow();
});

const holderKey = { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" };

async function verified(sdJwt: string, clientId: number) {
  const metadata = (await jwtVcIssuerMetadata(db, clientId))!;
  const key = await jose.importJWK(metadata.jwks.keys[0] as jose.JWK, "EdDSA");
  const instance = new SDJwtVcInstance({
    hasher: digest,
    verifier: async (data, signature) => {
      const [protectedHeader, payload] = data.split(".");
      return jose
        .flattenedVerify({ protected: protectedHeader, payload, signature }, key)
        .then(() => true)
        .catch(() => false);
    },
    statusListFetcher: async (uri) => (await tokenStatusListOf(db, Number(uri.split("/").at(-1)), clientId))!,
  });
  return instance.verify(sdJwt);
}

// Arabic and Latin mixed, digits first, bidi controls, long and empty runs.
const hostile = fc.oneof(
  fc.string({
    unit: fc.constantFrom(..."ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأإ 0123456789abcXYZ-'\u202e\u2066\u2069\u200f"),
  }),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.constant(""),
);

describe.skipIf(onPostgres)("the SD-JWT VC, read back by @sd-jwt/sd-jwt-vc (property)", () => {
  it("carries the holder's names as stored, whatever they are, and verifies against the organisation's key", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, hostile, hostile, async (first, last, arabic) => {
        await db
          .updateTable("users")
          .set({
            first_name_en: first,
            last_name_en: last,
            first_name_ar: arabic,
            father_name_en: null,
            father_name_ar: null,
          })
          .where("id", "=", document.beneficiary_id)
          .execute();
        const made = (await sdJwtCredentialOf(db, document.id, holderKey))!;
        const { payload } = await verified(made.credential, document.client_id);
        const stored = await db
          .selectFrom("users")
          .select(["first_name_en", "last_name_en", "first_name_ar", "last_name_ar"])
          .where("id", "=", document.beneficiary_id)
          .executeTakeFirstOrThrow();
        expect(payload.holder_name).toEqual({
          en: [stored.first_name_en, stored.last_name_en].filter(Boolean).join(" "),
          ar: [stored.first_name_ar, stored.last_name_ar].filter(Boolean).join(" "),
        });
        expect(payload.cnf).toEqual({ jwk: holderKey });
      }),
      { numRuns: 12 },
    );
  }, 60_000);

  it("is not signed by another organisation's key: its issuer's key alone verifies it", async () => {
    const made = (await sdJwtCredentialOf(db, document.id, holderKey))!;
    const other = await db
      .selectFrom("clients")
      .select("id")
      .where("id", "!=", document.client_id)
      .executeTakeFirstOrThrow();
    await expect(verified(made.credential, other.id)).rejects.toThrow();
  });
});

const tokenRequest = () => new Request("http://localhost:3000/wallet/token", { method: "POST" });
const form = (code: string, txCode: string) => ({
  grant_type: "urn:ietf:params:oauth:grant-type:pre-authorized_code",
  "pre-authorized_code": code,
  tx_code: txCode,
});

describe("an offer", () => {
  const actor = () => ({ userId: document.beneficiary_id, role: "BENEFICIARY" as const, ip: null });
  async function offered() {
    expect((await createOffer(db, actor(), document.id)).ok).toBe(true);
    const offer = (await liveOffer(db, document.id, "en"))!;
    const grant = JSON.parse(decodeURIComponent(offer.link.split("credential_offer=")[1])).grants[
      "urn:ietf:params:oauth:grant-type:pre-authorized_code"
    ];
    return { code: grant["pre-authorized_code"] as string, txCode: offer.txCode };
  }

  it("is burnt by five wrong transaction codes: the right one is refused after", async () => {
    const { code, txCode } = await offered();
    const wrong = String((Number(txCode) + 1) % 1_000_000).padStart(6, "0");
    for (let attempt = 0; attempt < MAX_TX_CODE_ATTEMPTS; attempt++) {
      const answer = await exchangeToken(db, tokenRequest(), form(code, wrong));
      expect(answer.status).toBe(400);
    }
    const late = await exchangeToken(db, tokenRequest(), form(code, txCode));
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: string }).error).toBe("invalid_grant");
    expect(await liveOffer(db, document.id, "en")).toBeNull();
  });

  it("expires: after its minutes the code is refused", async () => {
    const { code, txCode } = await offered();
    await db.updateTable("wallet_offers").set({ expires_at: "2000-01-01T00:00:00.000Z" }).execute();
    const answer = await exchangeToken(db, tokenRequest(), form(code, txCode));
    expect(answer.status).toBe(400);
    expect(await liveOffer(db, document.id, "en")).toBeNull();
  });

  it("is not made for someone else's document, nor for a revoked one", async () => {
    expect((await createOffer(db, { ...actor(), userId: document.beneficiary_id + 1000 }, document.id)).ok).toBe(false);
    await db.updateTable("issued_documents").set({ status: "REVOKED" }).where("id", "=", document.id).execute();
    const refused = await createOffer(db, actor(), document.id);
    expect(refused).toMatchObject({ ok: false, error: "wallet.revoked" });
  });
});
