import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { closeDb } from "~/db/db.server";
import { resetRateLimits } from "~/modules/security/rate-limit.server";
import { flushVerificationEvents } from "~/modules/verification/events.server";

// Each test file gets its own file store; each test its own database (see createTestDb).
process.env.STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "attest-files-"));

beforeEach(() => resetRateLimits());
afterEach(async () => {
  await flushVerificationEvents();
  await closeDb();
});
