// Part of `npm run bench` (docs/architecture.md §20, docs/decisions/0027): what signing adds to issuing one document
// (a one-page PDF, stamped as every issued file is), what the long-term levels add with a time-stamping authority
// (OpenSSL's, on this machine), and what each format of its credential costs (the Data Integrity credential, the
// SD-JWT VC a wallet takes). Reported, not budgeted: issuing is not a hot path.
import { PDFDocument } from "pdf-lib";
import type { DB } from "../app/platform/db/db.server";
import { credentialOf } from "../app/modules/credentials/service.server";
import { stampDocument } from "../app/modules/issuing/stamp.server";
import { signAs } from "../app/modules/signing/service.server";
import { sdJwtCredentialOf } from "../app/modules/wallet/sd-jwt.server";
import { startOpenSslTsa } from "../app/test/tsa";

const HOLDER_KEY = { kty: "OKP", crv: "Ed25519", x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo" };

export async function signingCost(db: DB) {
  const client = await db
    .selectFrom("clients")
    .select(["id", "name_en", "name_ar"])
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const organisation = { id: client.id, en: client.name_en, ar: client.name_ar };
  const issuedId = (await db.selectFrom("issued_documents").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const onePage = await PDFDocument.create();
  onePage.addPage([595, 842]).drawText("Certificate", { x: 72, y: 760 });
  const bytes = await onePage.save();

  const stamp = () =>
    stampDocument({
      bytes,
      mimeType: "application/pdf",
      code: "ABCDEFGHJKMNPQRS",
      verificationUrl: "http://127.0.0.1/verify/ABCDEFGHJKMNPQRS",
      kind: "REQUEST",
      issuer: organisation,
      issuedAt: new Date(),
      signature: { name: organisation.en, reason: "Issued document" },
    });

  const stampMs = await perDocument(stamp);
  const signedMs = await perDocument(async () => signAs(db, organisation, await stamp()));
  const tsa = await startOpenSslTsa();
  process.env.TSA_URL = tsa.url;
  const longTermMs = await perDocument(async () => signAs(db, organisation, await stamp()), 10);
  delete process.env.TSA_URL;
  await tsa.stop();
  const credentialMs = await perDocument(() => credentialOf(db, issuedId));
  const sdJwtMs = await perDocument(() => sdJwtCredentialOf(db, issuedId, HOLDER_KEY));
  return [
    `Signing: a one-page document takes ${stampMs.toFixed(1)} ms to stamp, ${signedMs.toFixed(1)} ms to stamp and sign ` +
      `(signing adds ${(signedMs - stampMs).toFixed(1)} ms), ${longTermMs.toFixed(1)} ms at B-LTA with a local ` +
      `OpenSSL TSA (two timestamps, the DSS and the document timestamp)`,
    `Credentials: the Data Integrity credential (ldp_vc) takes ${credentialMs.toFixed(1)} ms, the SD-JWT VC ` +
      `(dc+sd-jwt) ${sdJwtMs.toFixed(1)} ms`,
  ].join("\n");
}

/** Mean milliseconds per run, after one to warm up. */
async function perDocument(run: () => Promise<unknown>, times = 30) {
  await run();
  const start = performance.now();
  for (let i = 0; i < times; i++) await run();
  return (performance.now() - start) / times;
}
