import crypto from "node:crypto";
import { Readable, Transform } from "node:stream";
import type { DB } from "~/platform/db/db.server";
import { logger } from "~/platform/log/logger.server";
import { fileStore } from "~/platform/storage/file-store.server";
import { StoreUnavailable } from "~/platform/storage/store";
import { safeFileName } from "./file-name";
import { deleteUnreferencedFile, findFile, insertFile } from "./queries.server";

export const sha256Hex = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/**
 * The same, hashed in libuv's thread pool (WebCrypto's digest is an async job): a large stored file (a thousand
 * signed pages) must not hold a request thread's event loop (docs/architecture.md §11).
 */
const sha256HexOffThread = async (bytes: Uint8Array) =>
  Buffer.from(await crypto.webcrypto.subtle.digest("SHA-256", bytes)).toString("hex");

/** A file whose bytes are in the file store, its row not yet written (`recordFile` writes it). */
export interface PutFile {
  storageKey: string;
  sha256: string;
  size: number;
  mimeType: string;
  originalName: string;
  totalPages: number | null;
  createdBy: number | null;
}

/**
 * A file's bytes into the file store under a random key (never under public/, docs/architecture.md §8), with their
 * SHA-256. Done before the transaction that writes its row: hashing off the thread and writing to the store (a disk
 * or S3) while holding the database's write lock made every other writer wait, and two bulk runners barely faster
 * than one (docs/decisions/0021).
 */
export async function putFile(file: {
  bytes: Uint8Array;
  mimeType: string;
  originalName: string;
  totalPages?: number | null;
  createdBy?: number | null;
}): Promise<PutFile> {
  const storageKey = crypto.randomBytes(16).toString("hex");
  const sha256 = await sha256HexOffThread(file.bytes);
  await fileStore().put(storageKey, file.bytes);
  return {
    storageKey,
    sha256,
    size: file.bytes.byteLength,
    mimeType: file.mimeType,
    originalName: safeFileName(file.originalName),
    totalPages: file.totalPages ?? null,
    createdBy: file.createdBy ?? null,
  };
}

/** The row of a file `putFile` stored. Whoever put it removes its bytes if the row is not written. */
export async function recordFile(db: DB, put: PutFile): Promise<{ id: number; sha256: string; storageKey: string }> {
  const id = await insertFile(db, put);
  return { id, sha256: put.sha256, storageKey: put.storageKey };
}

/**
 * Keeps a file: its bytes in the file store, then its row with the bytes' SHA-256. A row is written only once its
 * bytes are stored, and bytes whose row could not be written are removed at once (or, if the store went away
 * meanwhile, by the sweeper a day later).
 */
export async function storeFile(
  db: DB,
  file: Parameters<typeof putFile>[0],
): Promise<{ id: number; sha256: string; storageKey: string }> {
  const put = await putFile(file);
  try {
    return await recordFile(db, put);
  } catch (error) {
    await removeStoredBytes([put.storageKey]);
    throw error;
  }
}

/**
 * A stored file's bytes, checked against the SHA-256 its row keeps: bytes changed in the store are never served
 * (the reader gets the outage page and the operator an error in the log).
 */
export async function readStoredFile(file: { storage_key: string; sha256: string }): Promise<Uint8Array> {
  const bytes = await fileStore().get(file.storage_key);
  if ((await sha256HexOffThread(bytes)) === file.sha256) return bytes;
  logger.error({ storageKey: file.storage_key }, "a stored file's bytes do not match its SHA-256; not served");
  throw new StoreUnavailable(fileStore().location, new Error(`checksum mismatch for ${file.storage_key}`));
}

/**
 * A stored file's bytes for a download, as they come from the store, hashed on the way: bytes that turn out not to
 * match the row's SHA-256 cut the answer off before its last byte (the reader gets no complete file, the operator an
 * error in the log). Missing or unreachable, it throws before anything is answered.
 */
export async function streamStoredFile(file: { storage_key: string; sha256: string }) {
  const source = await fileStore().stream(file.storage_key);
  const hash = crypto.createHash("sha256");
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      hash.update(chunk);
      next(null, chunk);
    },
    flush(done) {
      if (hash.digest("hex") === file.sha256) return done();
      logger.error({ storageKey: file.storage_key }, "a stored file's bytes do not match its SHA-256; cut off");
      done(new Error(`checksum mismatch for ${file.storage_key}`));
    },
  });
  return Readable.toWeb(source.pipe(checked)) as ReadableStream<Uint8Array>;
}

/**
 * Removes stored bytes that no row names any more (a transaction that wrote them failed after storing them). A
 * store that cannot be reached now leaves them to the sweeper.
 */
export async function removeStoredBytes(storageKeys: string[]) {
  for (const key of storageKeys)
    await fileStore()
      .remove(key)
      .catch((error: unknown) => logger.warn({ err: error, storageKey: key }, "stored bytes left for the sweeper"));
}

/**
 * Deletes each of these files that nothing refers to any more, its row and then its bytes: a replaced,
 * removed or withdrawn upload goes at once instead of waiting for the sweeper. Called after the
 * transaction that dropped its last reference has committed.
 */
export async function deleteReleasedFiles(db: DB, fileIds: number[]) {
  for (const id of new Set(fileIds)) {
    const file = await findFile(db, id);
    if (file && (await deleteUnreferencedFile(db, id))) await removeStoredBytes([file.storage_key]);
  }
}
