import QRCode from "qrcode";
import type { DB } from "~/platform/db/db.server";
import { accessPinFor } from "~/modules/verification/pin.server";
import { listVerificationEvents } from "~/modules/verification/queries.server";
import { env } from "~/platform/env.server";
import { issuedDocumentsOf } from "./queries.server";

/**
 * What the holder's page shows of the documents issued for a request or an attestation: each with its
 * verification link, QR code and (with SecurePlus) access PIN, and when they were verified (docs/architecture.md §7).
 */
export async function issuedForHolder(db: DB, owner: Parameters<typeof issuedDocumentsOf>[1]) {
  const issued = await issuedDocumentsOf(db, owner);
  const documents = await Promise.all(
    issued.map(async (document) => {
      const verificationUrl = `${env.publicUrl}/verify/${document.verification_code}`;
      return {
        ...document,
        verificationUrl,
        qrSvg: await QRCode.toString(verificationUrl, { type: "svg", margin: 1 }),
        accessPin: document.secure_plus_enabled ? accessPinFor(document.verification_code) : null,
      };
    }),
  );
  return {
    documents,
    verifications: await listVerificationEvents(
      db,
      issued.map((document) => document.id),
    ),
  };
}

/** What staff see of the same documents: no PIN, no QR; with the verifications. */
export async function issuedForStaff(db: DB, owner: Parameters<typeof issuedDocumentsOf>[1]) {
  const issued = await issuedDocumentsOf(db, owner);
  return {
    issued,
    verifications: await listVerificationEvents(
      db,
      issued.map((document) => document.id),
    ),
  };
}
