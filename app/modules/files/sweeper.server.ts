import { getDb, type DB } from "~/platform/db/db.server";
import { deleteUnreferencedFile, knownStorageKeys, unreferencedFiles } from "./queries.server";
import { fileStore } from "~/platform/storage/file-store.server";
import { logger } from "~/platform/log/logger.server";
import { createPoller } from "~/platform/poller.server";

/** A file younger than this may belong to a post still in flight. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Removes what no row refers to, older than a day (uploads are all or nothing, so only a crash leaves one): `files`
 * rows that nothing names (queries.server.ts lists every column that does) with their bytes, and stored files
 * without a row (a crash between writing the bytes and the row). Logs what it removed; returns the storage keys.
 */
export async function sweepOrphanFiles(db: DB, now = Date.now()): Promise<string[]> {
  const before = new Date(now - ORPHAN_AGE_MS).toISOString();
  const removed: string[] = [];
  for (const file of await unreferencedFiles(db, before)) {
    // One file that cannot be removed (a reference this sweep does not know of) is logged and left: the sweep
    // goes on, this hour and the next.
    try {
      if (!(await deleteUnreferencedFile(db, file.id))) continue;
    } catch (error) {
      logger.error({ err: error, fileId: file.id }, "storage sweeper could not remove a file row; left in place");
      continue;
    }
    await fileStore().remove(file.storage_key);
    removed.push(file.storage_key);
  }
  // Stored objects without a row: a crash, or a store that went away, between writing the bytes and the row.
  let page: string[] = [];
  const sweepPage = async () => {
    const known = await knownStorageKeys(db, page);
    for (const key of page.filter((candidate) => !known.has(candidate))) {
      await fileStore().remove(key);
      removed.push(key);
    }
    page = [];
  };
  for await (const object of fileStore().list()) {
    if (object.modifiedAt.getTime() > now - ORPHAN_AGE_MS) continue;
    page.push(object.key);
    if (page.length === 500) await sweepPage();
  }
  await sweepPage();
  if (removed.length > 0) logger.info({ removed }, "storage sweeper removed unreferenced files");
  return removed;
}

const sweeper = createPoller("storage sweeper", SWEEP_EVERY_MS);

/** In the primary process: a sweep at start, then every hour. */
export const startFileSweeper = () => sweeper.start(() => sweepOrphanFiles(getDb()), { now: true });

export const stopFileSweeper = () => sweeper.stop();
