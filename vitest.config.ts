import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const TEST_FILE = /\.test\.tsx?$/;
const OPENS_A_DATABASE = /createTestDb|createSeededTestDb|createEmptyTestDb|test\/db"/;

/**
 * On the PostgreSQL pass (`node scripts/postgres.mjs vitest run`), only the test files that open a database run
 * again: the others (pure functions, schemas, the build's partition) answered on the SQLite pass, and running them
 * twice cost CI's time (CONTRIBUTING.md).
 */
function databaseTestFiles() {
  return ["app", "scripts"].flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: "utf8" })
      .map((file) => path.join(folder, file))
      .filter((file) => TEST_FILE.test(file) && OPENS_A_DATABASE.test(fs.readFileSync(file, "utf8"))),
  );
}

export default defineConfig({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  test: {
    environment: "node",
    include: process.env.POSTGRES_ADMIN_URL ? databaseTestFiles() : ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    pool: "forks",
    // One fork per core: Vitest's default left one of this 2-core machine's cores idle; one more on PostgreSQL, where
    // the forks wait on the database server (CONTRIBUTING.md, where CI's time goes).
    maxWorkers: os.availableParallelism() + (process.env.POSTGRES_ADMIN_URL ? 1 : 0),
    // The files of a fork share its loaded modules instead of each loading the app again (4-8 s a file, most of a
    // pass: 131 s to 47 s on SQLite, 130 s to 42 s on PostgreSQL, CONTRIBUTING.md). What a file changes stays changed
    // for the next one in its fork: each file gets its own file store (setup.ts) and database per test, and a test
    // that sets an environment variable or a spy puts it back.
    isolate: false,
    testTimeout: 20_000,
    // A test file's first database seeds the demo data through the services (a few seconds on a busy machine).
    hookTimeout: 30_000,
    setupFiles: ["./app/test/setup.ts"],
    globalSetup: ["./app/test/global-setup.ts"],
    env: { SESSION_SECRET: "test-secret", NODE_ENV: "test", DEMO_DATA: "off" },
  },
});
