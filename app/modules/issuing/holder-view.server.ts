import QRCode from "qrcode";
import type { DB } from "~/platform/db/db.server";
import { preparedLists } from "~/platform/db/lists";
import { accessPinFor } from "~/modules/verification/pin.server";
import { verificationEventsQuery } from "~/modules/verification/queries.server";
import { env } from "~/platform/env.server";
import { issuedDocumentsQuery, issuedIdsQuery, type IssuedOwner } from "./queries.server";

/** The queries of an owner's documents and of their latest verifications, for `preparedLists`. */
export const issuedQueries = (db: DB, owner: IssuedOwner) => ({
  issued: issuedDocumentsQuery(db, owner),
  verifications: verificationEventsQuery(db, issuedIdsQuery(db, owner)),
});

const attestationIssued = preparedLists((db: DB, attestationId: number) => issuedQueries(db, { attestationId }));

type Issued = Awaited<ReturnType<typeof attestationIssued>>;

/**
 * What the holder's page shows of the documents issued for a request or an attestation: each with its
 * verification link, QR code and (with SecurePlus) access PIN, and when they were verified (docs/architecture.md §7).
 */
export async function forHolder({ issued, verifications }: Issued) {
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
  return { documents, verifications };
}

/** An attestation's attested copies, as its holder sees them (a request's come with its page: requests/views). */
export const attestationIssuedForHolder = async (db: DB, attestationId: number) =>
  forHolder(await attestationIssued(db, attestationId));

/** What staff see of an attestation's copies: no PIN, no QR; with the verifications. */
export const attestationIssuedForStaff = attestationIssued;
