import { defineConfig } from "@playwright/test";
import { databaseUrl } from "./scripts/postgres.mjs";

const PORT = Number(process.env.E2E_PORT ?? 4317);
export const baseURL = `http://127.0.0.1:${PORT}`;
/** The http project also runs on PostgreSQL: `node scripts/postgres.mjs npx playwright test --project=http` (scripts/e2e.mjs does). */
const postgres = process.env.POSTGRES_ADMIN_URL;
export const E2E_DATABASE_URL = postgres ? databaseUrl(postgres, "e2e_main") : "file:./e2e/.tmp/data/app.db";

/** End-to-end tests against the production build, on 127.0.0.1, with a fresh database (docs/architecture.md §12). */
export default defineConfig({
  testDir: "e2e",
  outputDir: "e2e/.tmp/results",
  timeout: 30_000,
  // Three on this 2-core machine: the journeys wait on servers they start, mails and browsers a third of the time
  // (CONTRIBUTING.md, where CI's time goes).
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  // One retry on CI, with a trace kept, for the rare browser hiccup on a loaded 2-core machine.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "on-first-retry",
    launchOptions: {
      // Debian's headless shell: Playwright's own default for headless runs, and a third less CPU than the full
      // browser on this suite (CONTRIBUTING.md, where CI's time goes).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js-on", testMatch: /browser\/.*\.spec\.ts/, use: { javaScriptEnabled: true } },
    { name: "js-off", testMatch: /browser\/.*\.spec\.ts/, use: { javaScriptEnabled: false } },
    { name: "http", testMatch: /http\/.*\.spec\.ts/ },
    // Debian's w3m in a terminal (tmux): the text-browser journey.
    { name: "text-browser", testMatch: /text\/.*\.spec\.ts/ },
    // What is measured in milliseconds runs last and alone, on a machine no other test is loading.
    {
      name: "timing",
      testMatch: /timing\/.*\.spec\.ts/,
      dependencies: ["js-on", "js-off", "http", "text-browser"],
      workers: 1,
    },
  ],
  webServer: {
    command: `rm -rf e2e/.tmp/data && ${postgres ? "node scripts/postgres.mjs --fresh e2e_main && " : ""}node server.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      PUBLIC_URL: baseURL,
      DATABASE_URL: E2E_DATABASE_URL,
      STORAGE_DIR: "./e2e/.tmp/data/files",
      AUDIT_CHECKPOINT_DIR: "./e2e/.tmp/data/audit-checkpoints",
      SESSION_SECRET: "e2e-secret",
      PIN_SECRET: "e2e-pin-secret",
      SIGNING_KEY_SECRET: "e2e-pin-secret-signing",
      DEMO_DATA: "on",
      WEB_CONCURRENCY: "2",
      // The sign-in rate limit has its own test (app/routes/public/auth.test.ts); here many sign-ins come from one IP.
      AUTH_RATE_LIMIT: "100000",
      VERIFY_RATE_LIMIT: "100000",
    },
  },
});
