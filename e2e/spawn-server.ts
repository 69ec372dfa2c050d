import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { expect } from "@playwright/test";
import { freshDatabase } from "../scripts/postgres.mjs";

/**
 * A fresh database for a server of the tests: a SQLite file in its data dir, or, on the PostgreSQL run
 * (POSTGRES_ADMIN_URL set by scripts/postgres.mjs), a new database on that server.
 */
export async function freshServerDatabase(name: string, dataDir: string) {
  const adminUrl = process.env.POSTGRES_ADMIN_URL;
  return adminUrl ? freshDatabase(adminUrl, name) : `file:./${dataDir}/app.db`;
}

/**
 * A server of its own (fresh data dir and database, own port) for tests that need other settings or to stop it.
 * `detached`: the server leads its own process group, so a test can kill the primary and its workers at once.
 * `databaseUrl`: another server's database, to share it (several servers on one PostgreSQL database).
 */
export async function spawnServer(
  port: number,
  env: Record<string, string>,
  options: { detached?: boolean; databaseUrl?: string; storageDir?: string } = {},
) {
  const data = `e2e/.tmp/server-${port}`;
  fs.rmSync(data, { recursive: true, force: true });
  const databaseUrl = options.databaseUrl ?? (await freshServerDatabase(`e2e_${port}`, data));
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    detached: options.detached ?? false,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: options.storageDir ?? `./${data}/files`,
      AUDIT_CHECKPOINT_DIR: `./${data}/audit-checkpoints`,
      SESSION_SECRET: "spawned-server",
      PIN_SECRET: "spawned-server-pin",
      SIGNING_KEY_SECRET: "spawned-server-pin-signing",
      ...env,
    },
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  // Started = the primary says so, once every worker listens; /healthz answers as soon as the first one does.
  try {
    await expect
      .poll(() => output.includes(" is ready on ") || child.exitCode !== null, { timeout: 45_000 })
      .toBe(true);
    expect(child.exitCode).toBeNull();
  } catch (error) {
    throw new Error(`The server on port ${port} did not start. Its output:\n${output.slice(-4000)}`, { cause: error });
  }
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status, { timeout: 10_000 })
    .toBe(200);
  return { url, child, exited, output: () => output, dataDir: data, databaseUrl };
}
