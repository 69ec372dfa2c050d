import type { DB } from "~/platform/db/db.server";
import type { ObjectStore } from "~/platform/storage/store";
import { sha256Hex } from "./storage.server";
import { storedFiles } from "./queries.server";

export interface MoveReport {
  copied: number;
  /** Already in the target store with the size its row gives (an earlier, interrupted run copied them). */
  present: number;
  /** Rows whose bytes are in neither store, or whose bytes in the old store do not match their SHA-256. */
  problems: { storageKey: string; problem: "missing" | "checksum" }[];
}

/**
 * Copies every file the database names from one store to another (docs/decisions/0026), checking each copy against
 * the SHA-256 its row keeps: read from the old store, checked, written to the new one, read back and checked again.
 * What the target already holds is left (so a second run copies nothing, and an interrupted one resumes); the old
 * store is never changed. It can run while the service serves with STORAGE_MOVING_TO set, which writes new files to
 * both stores.
 */
export async function moveFiles(
  db: DB,
  from: ObjectStore,
  to: ObjectStore,
  onProgress: (report: MoveReport) => void = () => undefined,
): Promise<MoveReport> {
  const present = new Map<string, number>();
  for await (const object of to.list()) present.set(object.key, object.size);
  const report: MoveReport = { copied: 0, present: 0, problems: [] };
  for await (const file of storedFiles(db)) {
    if (present.get(file.storage_key) === file.size) {
      report.present += 1;
      continue;
    }
    const bytes = await from.get(file.storage_key).catch((error: unknown) => {
      if ((error as Error).name === "ObjectMissing") return null;
      throw error;
    });
    if (!bytes) {
      report.problems.push({ storageKey: file.storage_key, problem: "missing" });
      continue;
    }
    if (sha256Hex(bytes) !== file.sha256) {
      report.problems.push({ storageKey: file.storage_key, problem: "checksum" });
      continue;
    }
    // A copy an interrupted run left half-written is written again (an S3 put replaces; on disk it is removed first).
    if (present.has(file.storage_key)) await to.remove(file.storage_key);
    await to.put(file.storage_key, bytes);
    if (sha256Hex(await to.get(file.storage_key)) !== file.sha256)
      throw new Error(`the copy of ${file.storage_key} in ${to.location} does not match its SHA-256`);
    report.copied += 1;
    if (report.copied % 100 === 0) onProgress(report);
  }
  return report;
}
