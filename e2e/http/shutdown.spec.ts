import { spawn } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";

const PORT = 4391;
const DATA = "e2e/.tmp/shutdown";

test("SIGTERM lets in-flight requests finish, closes the database and exits 0", async () => {
  test.setTimeout(60_000);
  fs.rmSync(DATA, { recursive: true, force: true });
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      DATABASE_URL: `file:./${DATA}/app.db`,
      STORAGE_DIR: `./${DATA}/files`,
      SESSION_SECRET: "shutdown-test",
      DEMO_DATA: "off",
    },
  });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => server.on("exit", resolve));

  await expect.poll(async () => (await fetch(`http://127.0.0.1:${PORT}/healthz`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
  const inFlight = fetch(`http://127.0.0.1:${PORT}/`);
  server.kill("SIGTERM");
  expect((await inFlight).status).toBe(200);
  expect(await exited).toBe(0);
  expect(output).toContain("SIGTERM received");
  expect(output).toContain("Stopped.");
});
