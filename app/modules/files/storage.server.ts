import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { safeFileName } from "./file-name";
import { deleteUnreferencedFile, findFile, insertFile } from "./queries.server";

export const sha256Hex = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/**
 * The same, hashed in libuv's thread pool (WebCrypto's digest is an async job): a large stored file (a thousand
 * signed pages) must not hold a request thread's event loop (docs/architecture.md §11).
 */
const sha256HexOffThread = async (bytes: Uint8Array) =>
  Buffer.from(await crypto.webcrypto.subtle.digest("SHA-256", bytes)).toString("hex");

/** Files live under STORAGE_DIR, never under public/, named by generated keys (docs/architecture.md §8). */
export function storagePath(storageKey: string) {
  return path.resolve(env.storageDir, storageKey.slice(0, 2), storageKey);
}

export async function storeFile(
  db: DB,
  file: {
    bytes: Uint8Array;
    mimeType: string;
    originalName: string;
    totalPages?: number | null;
    createdBy?: number | null;
  },
): Promise<{ id: number; sha256: string; storageKey: string }> {
  const storageKey = crypto.randomBytes(16).toString("hex");
  const target = storagePath(storageKey);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, file.bytes, { flag: "wx" });
  const sha256 = await sha256HexOffThread(file.bytes);
  try {
    const id = await insertFile(db, {
      sha256,
      size: file.bytes.byteLength,
      mimeType: file.mimeType,
      originalName: safeFileName(file.originalName),
      storageKey,
      totalPages: file.totalPages ?? null,
      createdBy: file.createdBy ?? null,
    });
    return { id, sha256, storageKey };
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
}

export const readStoredFile = (storageKey: string) => fs.readFile(storagePath(storageKey));

/**
 * Deletes each of these files that nothing refers to any more, its row and then its bytes: a replaced,
 * removed or withdrawn upload goes at once instead of waiting for the sweeper. Called after the
 * transaction that dropped its last reference has committed.
 */
export async function deleteReleasedFiles(db: DB, fileIds: number[]) {
  for (const id of new Set(fileIds)) {
    const file = await findFile(db, id);
    if (file && (await deleteUnreferencedFile(db, id))) await fs.rm(storagePath(file.storage_key), { force: true });
  }
}
