// `npm start`: builds when there is no build (or the sources are newer), then runs server.js (compiled JavaScript, no TypeScript loader).
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const buildFile = "build/server/index.js";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const stale =
  !fs.existsSync(buildFile) ||
  Math.max(newestMtime("app"), newestMtime("locales"), newestMtime("migrations")) > fs.statSync(buildFile).mtimeMs;
if (stale) {
  console.log("Building the app...");
  execSync("npx react-router build", { stdio: "inherit" });
}

const child = spawn(process.execPath, ["server.js"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
