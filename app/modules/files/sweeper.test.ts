import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { logger } from "~/platform/log/logger.server";
import { createSeededTestDb, createTestDb, createUser } from "~/test/db";
import { saveTemplateRow } from "~/modules/templates/queries.server";
import { EXE_BYTES, pdfBytes, storedPath } from "~/test/files";
import { env } from "~/platform/env.server";
import { insertAttachment } from "./queries.server";
import { storeFile } from "./storage.server";
import { storeSupportingFiles } from "./supporting.server";
import { ORPHAN_AGE_MS, sweepOrphanFiles } from "./sweeper.server";

const TYPES = [
  { id: 1, document_type_en: "ID card" },
  { id: 2, document_type_en: "Transcript" },
];

describe("all or nothing per post", () => {
  it("stores no file when one of the posted files is refused, and both when both pass", async () => {
    const db = await createTestDb();
    const userId = await createUser(db, { email: "b@example.com" });
    const valid = { fieldName: "document.1", name: "id.pdf", bytes: await pdfBytes(1) };
    const refused = { fieldName: "document.2", name: "transcript.pdf", bytes: new Uint8Array(EXE_BYTES) };
    expect(await storeSupportingFiles(db, TYPES, [valid, refused], userId)).toEqual({
      stored: [],
      errors: { 2: "validation.invalidDocumentFileType" },
    });
    expect(await db.selectFrom("files").selectAll().execute()).toEqual([]);
    const both = await storeSupportingFiles(
      db,
      TYPES,
      [valid, { ...valid, fieldName: "document.2", name: "transcript.pdf" }],
      userId,
    );
    expect(both.stored.map((entry) => entry.type.id)).toEqual([1, 2]);
    expect(await db.selectFrom("files").select("id").execute()).toHaveLength(2);
  });
});

describe("the storage sweeper", () => {
  it("removes files no row refers to once they are a day old, and stored bytes without a row, and logs them", async () => {
    process.env.STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "attest-sweep-"));
    const db = await createTestDb();
    const userId = await createUser(db, { email: "s@example.com" });
    const bytes = await pdfBytes(1);
    const kept = await storeFile(db, { bytes, mimeType: "application/pdf", originalName: "kept.pdf" });
    await insertAttachment(db, {
      entityType: "DOCUMENT_SUPPORTING_DOCUMENTS",
      referenceId: 1,
      documentName: "ID",
      fileId: kept.id,
      supportingTypeId: null,
    });
    const replaced = await storeFile(db, {
      bytes,
      mimeType: "application/pdf",
      originalName: "old.pdf",
      createdBy: userId,
    });
    const stray = path.join(env.storageDir, "zz", "zz0123456789abcdef");
    fs.mkdirSync(path.dirname(stray), { recursive: true });
    fs.writeFileSync(stray, "left by a crash");
    const log = vi.spyOn(logger, "info").mockImplementation(() => {});

    // Too young: nothing goes.
    expect(await sweepOrphanFiles(db)).toEqual([]);
    const past = new Date(Date.now() - ORPHAN_AGE_MS - 60_000);
    fs.utimesSync(stray, past, past);
    const later = Date.now() + ORPHAN_AGE_MS + 60_000;
    expect((await sweepOrphanFiles(db, later)).sort()).toEqual([replaced.storageKey, "zz0123456789abcdef"].sort());

    expect(await db.selectFrom("files").select("id").execute()).toEqual([{ id: kept.id }]);
    expect(fs.existsSync(storedPath(kept.storageKey))).toBe(true);
    expect(fs.existsSync(storedPath(replaced.storageKey))).toBe(false);
    expect(fs.existsSync(stray)).toBe(false);
    expect(log).toHaveBeenCalledWith(
      { removed: expect.arrayContaining([replaced.storageKey, "zz0123456789abcdef"]) },
      "storage sweeper removed unreferenced files",
    );
    log.mockRestore();
  });
});

describe("the storage sweeper on a deployment's files", () => {
  it("keeps every file the service keeps (an issued document's source, a template's images) and removes orphans", async () => {
    const db = await createSeededTestDb();
    const issued = await db
      .selectFrom("issued_documents")
      .select(["file_id", "source_file_id"])
      .where("attestation_id", "is", null)
      .execute();
    expect(issued.length).toBeGreaterThan(0);
    expect(issued.every((document) => document.source_file_id !== null)).toBe(true);
    const category = await db.selectFrom("document_categories").select("id").orderBy("id").executeTakeFirstOrThrow();
    const logo = await storeFile(db, { bytes: await pdfBytes(1), mimeType: "image/png", originalName: "logo.png" });
    await saveTemplateRow(db, {
      category_id: category.id,
      page_size: "A4",
      orientation: "PORTRAIT",
      title_en: "T",
      title_ar: "ع",
      body_en: "B",
      body_ar: "ب",
      logo_file_id: logo.id,
    });
    const orphan = await storeFile(db, {
      bytes: await pdfBytes(1),
      mimeType: "application/pdf",
      originalName: "o.pdf",
    });
    const filesBefore = await db.selectFrom("files").select(["id", "storage_key"]).execute();
    const errors = vi.spyOn(logger, "error");

    const removed = await sweepOrphanFiles(db, Date.now() + ORPHAN_AGE_MS + 60_000);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    // Of the files with a row, the orphan alone goes (bytes a crash left without a row may go too).
    const rowKeys = new Set(filesBefore.map((file) => file.storage_key));
    expect(removed.filter((key) => rowKeys.has(key))).toEqual([orphan.storageKey]);
    expect((await db.selectFrom("files").select("id").execute()).length).toBe(filesBefore.length - 1);
    for (const document of issued)
      for (const id of [document.file_id, document.source_file_id!]) {
        const file = await db.selectFrom("files").select("storage_key").where("id", "=", id).executeTakeFirstOrThrow();
        expect(fs.existsSync(storedPath(file.storage_key))).toBe(true);
      }
  });
});
