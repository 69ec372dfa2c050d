import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": new URL("./app", import.meta.url).pathname },
  },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    pool: "forks",
    // One fork per core: Vitest's default left one of this 2-core machine's cores idle (CONTRIBUTING.md, where CI's time goes).
    maxWorkers: os.availableParallelism(),
    testTimeout: 20_000,
    // A test file's first database seeds the demo data through the services (a few seconds on a busy machine).
    hookTimeout: 30_000,
    setupFiles: ["./app/test/setup.ts"],
    globalSetup: ["./app/test/global-setup.ts"],
    env: { SESSION_SECRET: "test-secret", NODE_ENV: "test", DEMO_DATA: "off" },
  },
});
