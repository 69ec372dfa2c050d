import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import { closeDb } from "~/platform/db/db.server";
import { dropTestDatabases } from "./test-databases";

// Each test file gets its own file store; each test its own database (see createTestDb).
process.env.STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "attest-files-"));

afterEach(async () => {
  await closeDb();
  await dropTestDatabases();
});
