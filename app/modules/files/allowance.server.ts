import type { DB } from "~/platform/db/db.server";
import { Refusal, tooLarge } from "~/platform/outcome";
import { enforceRateLimit } from "~/platform/security/rate-limit.server";
import { env } from "~/platform/env.server";
import { bytesStoredBy } from "./queries.server";

const UPLOAD_WINDOW_MS = 60 * 60 * 1000;

/**
 * What one person may store (README, Security limits): their files' bytes under STORAGE_QUOTA_MB, and
 * at most UPLOAD_RATE_LIMIT posts with files an hour. Past either, the post is refused before anything
 * is stored: a translated 413 (the error page says the space is used up) or a 429 with Retry-After.
 */
export async function enforceStorageAllowance(
  db: DB,
  ownerId: number,
  incomingBytes: number[],
  /** What the post deletes of this person's stored files once it is done (the files it replaces). */
  releasedBytes = 0,
) {
  if (incomingBytes.length === 0) return;
  await enforceUploadRate(ownerId);
  const incoming = incomingBytes.reduce((sum, size) => sum + size, 0);
  if ((await bytesStoredBy(db, ownerId)) + incoming - releasedBytes > env.storageQuotaBytes)
    throw new Refusal(tooLarge("api.errors.storageQuota"), "storage-quota");
}

/**
 * A post with a file that is read but not stored (a bulk file's dry run, or its job) costs what an upload costs
 * to parse: it counts against the same UPLOAD_RATE_LIMIT an hour (README, Security limits).
 */
export async function enforceUploadRate(ownerId: number) {
  await enforceRateLimit(`upload:${ownerId}`, env.uploadRateLimit, UPLOAD_WINDOW_MS);
}
