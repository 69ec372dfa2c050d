import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import type { SessionUser } from "~/modules/auth/session-user";
import { sha256Hex } from "~/modules/files/storage.server";
import { findRequestForStaff } from "~/modules/requests/staff-queries.server";
import { formatCode } from "~/modules/verification/code";
import { accessPinFor } from "~/modules/verification/pin.server";
import { createSeededTestDb, rowWhere } from "~/test/db";
import { EXE_BYTES, PNG_BYTES, pdfBytes, storedPath } from "~/test/files";
import { pdfQrText, pdftotext } from "~/test/pdf";
import { env } from "~/platform/env.server";
import { verifyPassword } from "~/modules/users/password.server";
import { issueDocument } from "./service.server";

let db: DB;
let clerk: SessionUser;

beforeEach(async () => {
  db = await createSeededTestDb();
  const row = await rowWhere(db, "users", "email", "clerk@example.com");
  const client = await rowWhere(db, "clients", "name_en", "Demo University");
  clerk = {
    id: row.id,
    email: row.email,
    role: "CLERK",
    firstName: { english: row.first_name_en, arabic: row.first_name_ar },
    middleName: null,
    lastName: { english: row.last_name_en, arabic: row.last_name_ar },
    client: {
      id: client.id,
      nameEn: client.name_en,
      nameAr: client.name_ar,
      canDoSincera: true,
      canDoAttestation: true,
    },
  };
});

async function requestWith(status: string) {
  const row = await db
    .selectFrom("document_requests")
    .select("id")
    .where("client_id", "=", clerk.client!.id)
    .where("status", "=", status as never)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return (await findRequestForStaff(db, row.id))!;
}

describe("issuing a document", () => {
  it("stamps every page with the QR code and the code, hashes the stamped bytes and completes the request", async () => {
    const request = await requestWith("APPROVED");
    const result = await issueDocument(db, {
      request,
      issuer: { userId: clerk.id, role: clerk.role, ip: null },
      file: { fieldName: "file", name: "certificate.pdf", bytes: await pdfBytes(2) },
      documentName: { en: "Certificate", ar: "Certificate" },
      securePlusEnabled: true,
    });
    expect(result.ok).toBe(true);
    const { code } = result as { code: string };
    const issued = await db
      .selectFrom("issued_documents")
      .innerJoin("files", "files.id", "issued_documents.file_id")
      .selectAll()
      .where("verification_code", "=", code)
      .executeTakeFirstOrThrow();
    const stored = fs.readFileSync(storedPath(issued.storage_key));
    expect(sha256Hex(stored)).toBe(issued.document_hash);
    expect(issued.total_pages).toBe(2);
    expect(await pdfQrText(stored)).toBe(`${env.publicUrl}/verify/${code}`);
    // The bilingual stamp: Poppler reads the Arabic words back in order (joined letters, right to left).
    const text = pdftotext(stored);
    const today = new Date();
    const arabicDate = new Intl.DateTimeFormat("ar-u-nu-latn", { dateStyle: "long", timeZone: "UTC" }).format(today);
    expect(text).toContain(`صادرة عن ${request.client_ar} بتاريخ`);
    expect(text).toContain(arabicDate.split(" ")[1]); // the month's Arabic name
    expect(text).toContain("امسح الرمز أو افتح الرابط للتحقق من هذه الوثيقة"); // Poppler moves the final full stop
    expect(text).toContain(`Issued by ${request.client_en} on`);
    expect(text).toContain(`Verification code / ${formatCode(code)}`);
    expect(text).toContain(`${env.publicUrl}/verify/${code}`);
    // Signed as the organisation after the stamp, over the whole file whose hash is recorded (docs/architecture.md §20).
    const signature = spawnSync("pdfsig", [storedPath(issued.storage_key)], { encoding: "utf8" }).stdout;
    expect(signature).toContain(`Signer Certificate Common Name: ${request.client_en}`);
    expect(signature).toContain("Signature Type: ETSI.CAdES.detached");
    expect(signature).toContain("Signature Validation: Signature is Valid.");
    expect(signature).toContain("Total document signed");
    expect(await verifyPassword(issued.access_pin_hash!, accessPinFor(code))).toBe(true);
    const after = await findRequestForStaff(db, request.id);
    expect(after?.status).toBe("COMPLETED");
    // Today plus the category's validity period, to the end of that day.
    expect(issued.expiry_date).toBe(
      `${new Date(Date.now() + request.validity_period_days * 86_400_000).toISOString().slice(0, 10)}T23:59:59.000Z`,
    );
    expect(
      await db
        .selectFrom("audit_events")
        .selectAll()
        .where("action", "=", "request.issue")
        .where("entity_id", "=", request.id)
        .execute(),
    ).toHaveLength(1);
    const notice = await db
      .selectFrom("notifications")
      .select(["kind", "title_en", "title_ar", "link"])
      .where("user_id", "=", request.beneficiary_id)
      .where("kind", "=", "documentIssued")
      .executeTakeFirstOrThrow();
    // It names the request it was issued for.
    expect(notice.title_en).toMatch(new RegExp(`^Your document “.+” for request #${request.id} has been issued$`));
    expect(notice.title_ar).toMatch(new RegExp(`^صدرت وثيقتك «.+» للطلب رقم ${request.id}$`));
    expect(notice.link).toBe(`/beneficiary/request-document/${request.id}`);
    expect(
      await db.selectFrom("email_outbox").select("subject").where("subject", "=", notice.title_ar).execute(),
    ).toHaveLength(1); // the beneficiary's language: Arabic
  });

  it("places an image on an A4 page", async () => {
    const request = await requestWith("APPROVED");
    const result = await issueDocument(db, {
      request,
      issuer: { userId: clerk.id, role: clerk.role, ip: null },
      file: { fieldName: "file", name: "scan.png", bytes: PNG_BYTES },
      documentName: { en: "Scan", ar: "Scan" },
      securePlusEnabled: false,
      expirationDate: "2099-12-31",
    });
    expect(result.ok).toBe(true);
    const issued = await rowWhere(db, "issued_documents", "request_id", request.id);
    expect(issued.expiry_date.slice(0, 10)).toBe("2099-12-31");
    expect(issued.access_pin_hash).toBeNull();
  });

  it("supersedes the earlier document when issuing again", async () => {
    const request = await requestWith("APPROVED");
    const input = {
      request,
      issuer: { userId: clerk.id, role: clerk.role, ip: null },
      file: { fieldName: "file", name: "a.pdf", bytes: await pdfBytes() },
      documentName: { en: "A", ar: "A" },
      securePlusEnabled: false,
    };
    await issueDocument(db, input);
    await issueDocument(db, { ...input, request: (await findRequestForStaff(db, request.id))! });
    const docs = await db
      .selectFrom("issued_documents")
      .selectAll()
      .where("request_id", "=", request.id)
      .orderBy("id")
      .execute();
    expect(docs.map((doc) => doc.status)).toEqual(["REVOKED", "VALID"]);
    expect(docs[0].revocation_reason_en).toBe("Superseded");
  });

  it("refuses a REJECTED request and a renamed executable, writing nothing", async () => {
    const issuedBefore = (await db.selectFrom("issued_documents").selectAll().execute()).length;
    const filesBefore = (await db.selectFrom("files").selectAll().execute()).length;
    const rejected = await requestWith("REJECTED");
    expect(
      await issueDocument(db, {
        request: rejected,
        issuer: { userId: clerk.id, role: clerk.role, ip: null },
        file: { fieldName: "file", name: "a.pdf", bytes: await pdfBytes() },
        documentName: { en: "A", ar: "A" },
        securePlusEnabled: false,
      }),
    ).toMatchObject({ ok: false, error: "staff.cannotIssueRejected" });
    const pending = await requestWith("PENDING");
    expect(
      await issueDocument(db, {
        request: pending,
        issuer: { userId: clerk.id, role: clerk.role, ip: null },
        file: { fieldName: "file", name: "a.pdf", bytes: EXE_BYTES },
        documentName: { en: "A", ar: "A" },
        securePlusEnabled: false,
        approve: true,
      }),
    ).toMatchObject({ ok: false, error: "validation.invalidDocumentFileType" });
    expect((await db.selectFrom("issued_documents").selectAll().execute()).length).toBe(issuedBefore);
    expect((await db.selectFrom("files").selectAll().execute()).length).toBe(filesBefore);
    expect((await findRequestForStaff(db, pending.id))?.status).toBe("PENDING");
  });

  it("follows the request's state: a PENDING one only with 'Approve and issue', which approves and completes it", async () => {
    const pending = await requestWith("PENDING");
    const input = {
      request: pending,
      issuer: { userId: clerk.id, role: clerk.role, ip: null },
      file: { fieldName: "file", name: "a.pdf", bytes: await pdfBytes() },
      documentName: { en: "A", ar: "A" },
      securePlusEnabled: false,
    };
    expect(await issueDocument(db, input)).toMatchObject({ ok: false, error: "staff.approveToIssue" });
    expect((await findRequestForStaff(db, pending.id))?.status).toBe("PENDING");
    expect((await issueDocument(db, { ...input, approve: true })).ok).toBe(true);
    expect((await findRequestForStaff(db, pending.id))?.status).toBe("COMPLETED");
    const trail = await db
      .selectFrom("audit_events")
      .select(["action", "details"])
      .where("entity_type", "=", "DOCUMENT_REQUESTS")
      .where("entity_id", "=", pending.id)
      .orderBy("id")
      .execute();
    expect(trail.map((event) => event.action).slice(-2)).toEqual(["request.status", "request.issue"]);
    expect(JSON.parse(trail.at(-2)!.details)).toEqual({ status: "APPROVED" });
  });
});
