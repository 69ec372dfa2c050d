// Part of `npm run bench` (docs/architecture.md §20): what signing adds to issuing one document (a one-page PDF,
// stamped as every issued file is) and what its verifiable credential costs. Reported, not budgeted: issuing is
// not a hot path.
import { PDFDocument } from "pdf-lib";
import type { DB } from "../app/platform/db/db.server";
import { credentialOf } from "../app/modules/credentials/service.server";
import { stampDocument } from "../app/modules/issuing/stamp.server";
import { signAs } from "../app/modules/signing/service.server";

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
  const credentialMs = await perDocument(() => credentialOf(db, issuedId));
  return (
    `Signing: a one-page document takes ${stampMs.toFixed(1)} ms to stamp, ${signedMs.toFixed(1)} ms to stamp and sign ` +
    `(signing adds ${(signedMs - stampMs).toFixed(1)} ms); its verifiable credential takes ${credentialMs.toFixed(1)} ms`
  );
}

/** Mean milliseconds per run, after one to warm up. */
async function perDocument(run: () => Promise<unknown>, times = 30) {
  await run();
  const start = performance.now();
  for (let i = 0; i < times; i++) await run();
  return (performance.now() - start) / times;
}
