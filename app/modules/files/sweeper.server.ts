import fs from "node:fs/promises";
import path from "node:path";
import { getDb, type DB } from "~/platform/db/db.server";
import { env } from "~/platform/env.server";
import { deleteUnreferencedFile, knownStorageKeys, unreferencedFiles } from "./queries.server";
import { storagePath } from "./storage.server";
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
    await fs.rm(storagePath(file.storage_key), { force: true });
    removed.push(file.storage_key);
  }
  for (const folder of await fs.readdir(env.storageDir).catch(() => [] as string[])) {
    const names = await fs.readdir(path.join(env.storageDir, folder)).catch(() => [] as string[]);
    const known = await knownStorageKeys(db, names);
    for (const name of names.filter((candidate) => !known.has(candidate))) {
      const target = path.join(env.storageDir, folder, name);
      const stat = await fs.stat(target).catch(() => null);
      if (!stat?.isFile() || stat.mtimeMs > now - ORPHAN_AGE_MS) continue;
      await fs.rm(target, { force: true });
      removed.push(name);
    }
  }
  if (removed.length > 0) logger.info({ removed }, "storage sweeper removed unreferenced files");
  return removed;
}

const sweeper = createPoller("storage sweeper", SWEEP_EVERY_MS);

/** In the primary process: a sweep at start, then every hour. */
export const startFileSweeper = () => sweeper.start(() => sweepOrphanFiles(getDb()), { now: true });

export const stopFileSweeper = () => sweeper.stop();
