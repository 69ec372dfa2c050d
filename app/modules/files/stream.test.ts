import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createTestDb, createUser } from "~/test/db";
import { pdfBytes, storedPath } from "~/test/files";
import { fileResponse } from "./response.server";
import { sha256Hex, storeFile, streamStoredFile } from "./storage.server";

/** A download streams the stored bytes as they come, and never answers whole bytes that differ from the row's hash. */
describe("a stored file's download", () => {
  it("streams the bytes whole when they match the SHA-256, and cuts the answer off when they do not", async () => {
    const db = await createTestDb();
    const userId = await createUser(db, { email: "s@example.com" });
    const bytes = await pdfBytes(3);
    const stored = await storeFile(db, {
      bytes,
      mimeType: "application/pdf",
      originalName: "a.pdf",
      createdBy: userId,
    });
    const file = { storage_key: stored.storageKey, sha256: stored.sha256 };

    const answer = fileResponse(
      { stream: await streamStoredFile(file), size: bytes.byteLength },
      { name: "a.pdf", mimeType: "application/pdf" },
    );
    expect(answer.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(sha256Hex(new Uint8Array(await answer.arrayBuffer()))).toBe(stored.sha256);

    fs.writeFileSync(storedPath(stored.storageKey), Buffer.concat([Buffer.from(bytes), Buffer.from("x")]));
    const changed = new Response(await streamStoredFile(file));
    await expect(changed.arrayBuffer()).rejects.toThrow();
  });
});
