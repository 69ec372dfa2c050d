import QRCode from "qrcode";
import type { DB } from "~/platform/db/db.server";
import { accessPinFor } from "~/modules/verification/pin.server";
import { listVerificationEvents } from "~/modules/verification/queries.server";
import { env } from "~/platform/env.server";
import { issuedDocumentsOf, type issuedDocumentsQuery } from "./queries.server";

type IssuedRow = Awaited<ReturnType<ReturnType<typeof issuedDocumentsQuery>["execute"]>>[number];

/** Issued documents (read with their owner's page) with their latest verifications, as staff see them. */
export const withVerifications = async (db: DB, issued: IssuedRow[]) => ({
  issued,
  verifications: await listVerificationEvents(
    db,
    issued.map((document) => document.id),
  ),
});

/**
 * What the holder's page shows of the documents issued for a request or an attestation: each with its
 * verification link, QR code and (with SecurePlus) access PIN, and when they were verified (docs/architecture.md §7).
 */
export async function forHolder(db: DB, issued: IssuedRow[]) {
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
  return { documents, verifications: (await withVerifications(db, issued)).verifications };
}

/** An attestation's attested copies, as its holder sees them (a request's come with its page: requests/views). */
export const attestationIssuedForHolder = async (db: DB, attestationId: number) =>
  forHolder(db, await issuedDocumentsOf(db, { attestationId }));

/** What staff see of an attestation's copies: no PIN, no QR; with the verifications. */
export const attestationIssuedForStaff = async (db: DB, attestationId: number) =>
  withVerifications(db, await issuedDocumentsOf(db, { attestationId }));
