// Playwright end-to-end tests against the production build, using Debian's Chromium.
import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";

// Debian's headless shell (the package chromium-headless-shell), as playwright.config.ts says.
const chromium = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
if (!fs.existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log("Installing Debian's chromium-headless-shell for Playwright...");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell", {
      stdio: "inherit",
    });
  } else {
    console.error(
      `No Chromium at ${chromium}. Install it with: sudo apt-get install chromium-headless-shell (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
}

// The text-browser journey drives Debian's w3m in a terminal (tmux).
const missing = ["w3m", "tmux"].filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);
if (missing.length) {
  if (process.getuid?.() === 0) {
    console.log(`Installing Debian's ${missing.join(" and ")} for the text-browser journey...`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, {
      stdio: "inherit",
    });
  } else {
    console.error(`Missing ${missing.join(" and ")}. Install them with: sudo apt-get install ${missing.join(" ")}`);
    process.exit(1);
  }
}

// The build says nothing it need not: a warning (React Router's future flags, Vite's "(!)") fails the run.
const built = spawnSync("npx", ["react-router", "build"], { encoding: "utf8" });
process.stdout.write(built.stdout);
process.stderr.write(built.stderr);
if (built.status !== 0) process.exit(built.status ?? 1);
if (/Warning|\(!\)/.test(built.stdout + built.stderr)) {
  console.error("The build printed a warning (above): take or decline it in react-router.config.ts or vite.config.ts.");
  process.exit(1);
}
// Each run's spawned servers start from one seeded copy of the demo data (e2e/spawn-server.ts).
process.env.E2E_RUN_ID = String(Date.now());
const args = process.argv.slice(2);
const result = spawnSync("npx", ["playwright", "test", ...args], { stdio: "inherit" });
if (result.status !== 0 || args.length > 0 || process.env.E2E_POSTGRES === "off") process.exit(result.status ?? 1);
// The http project (authorization matrix, malformed input, API, workers, several servers) again, on PostgreSQL: the
// specs of what the database does. Those of the HTTP layer and the processes (request framing, origins, logs,
// metrics, shutdown, the light version) answer the same on either database and ran above. Four workers: these tests
// wait on servers they start and stop more than they compute (CONTRIBUTING.md, where CI's time goes).
const HTTP_LAYER_ONLY = new Set(["hardening", "request-guard", "logs", "metrics", "shutdown", "light-version"]);
const databaseSpecs = fs
  .readdirSync("e2e/http")
  .filter((file) => file.endsWith(".spec.ts") && !HTTP_LAYER_ONLY.has(file.replace(/\.spec\.ts$/, "")))
  .map((file) => `e2e/http/${file}`);
console.log("\nThe http project on PostgreSQL:");
// The malformed-input suite sends a sixth of its mutations here, each of them to some route (all of them to every
// route ran on SQLite above).
const onPostgres = spawnSync(
  "node",
  ["scripts/postgres.mjs", "npx", "playwright", "test", "--project=http", "--workers=4", ...databaseSpecs],
  { stdio: "inherit", env: { ...process.env, E2E_MALFORMED_EVERY: "6" } },
);
process.exit(onPostgres.status ?? 1);
