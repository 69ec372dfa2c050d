import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
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
 * The demo data, seeded once a run by a server of its own and then copied into each spawned server that would seed the
 * same (CONTRIBUTING.md, where CI's time goes: a seed took 7 s a server): its SQLite file and stored files, or its
 * PostgreSQL database as the template of theirs. Only within a run of scripts/e2e.mjs (E2E_RUN_ID), and only for
 * servers whose settings do not change what the seed writes.
 */
const TEMPLATE_PORT = 4429;
const SEED_SETTINGS = [
  // A store of its own: the template's files are in a folder, not in it.
  "STORAGE_URL",
  "SESSION_SECRET",
  "PIN_SECRET",
  "SIGNING_KEY_SECRET",
  "TSA_URL",
  "PDF_SIGNING",
  "OIDC_CREATE_STAFF",
];
interface SeededTemplate {
  databaseUrl: string;
  dataDir: string;
}

/** The run's seeded template, made by the first spawn that needs it; null when making it failed (each then seeds). */
async function seededTemplate(): Promise<SeededTemplate | null> {
  const dir = `e2e/.tmp/seeded-${process.env.E2E_RUN_ID}${process.env.POSTGRES_ADMIN_URL ? "-postgres" : ""}`;
  const made = `${dir}/template.json`;
  fs.mkdirSync("e2e/.tmp", { recursive: true });
  try {
    fs.mkdirSync(dir);
  } catch {
    // Another worker makes it: wait for it.
    await expect.poll(() => fs.existsSync(made), { timeout: 180_000 }).toBe(true);
    return JSON.parse(fs.readFileSync(made, "utf8")) as SeededTemplate | null;
  }
  let template: SeededTemplate | null = null;
  try {
    const server = await spawnServer(TEMPLATE_PORT, { DEMO_DATA: "on", WEB_CONCURRENCY: "1" }, { fromTemplate: false });
    server.child.kill("SIGTERM");
    await server.exited;
    template = { databaseUrl: server.databaseUrl, dataDir: server.dataDir };
  } finally {
    fs.writeFileSync(made, JSON.stringify(template));
  }
  return template;
}

const usesTemplate = (env: Record<string, string>, options: { databaseUrl?: string; storageDir?: string }) =>
  Boolean(process.env.E2E_RUN_ID) &&
  env.DEMO_DATA === "on" &&
  !options.databaseUrl &&
  !options.storageDir &&
  !SEED_SETTINGS.some((name) => name in env);

/**
 * A server of its own (fresh data dir and database, own port) for tests that need other settings or to stop it.
 * `detached`: the server leads its own process group, so a test can kill the primary and its workers at once.
 * `databaseUrl`: another server's database, to share it (several servers on one PostgreSQL database).
 */
export async function spawnServer(
  port: number,
  env: Record<string, string>,
  options: { detached?: boolean; databaseUrl?: string; storageDir?: string; fromTemplate?: boolean } = {},
) {
  const data = `e2e/.tmp/server-${port}`;
  fs.rmSync(data, { recursive: true, force: true });
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl && options.fromTemplate !== false && usesTemplate(env, options)) {
    const template = await seededTemplate();
    const adminUrl = process.env.POSTGRES_ADMIN_URL;
    if (!template) databaseUrl = undefined;
    else if (adminUrl)
      databaseUrl = await freshDatabase(adminUrl, `e2e_${port}`, new URL(template.databaseUrl).pathname.slice(1));
    else {
      fs.mkdirSync(data, { recursive: true });
      for (const name of ["app.db", "app.db-wal"])
        if (fs.existsSync(`${template.dataDir}/${name}`))
          fs.copyFileSync(`${template.dataDir}/${name}`, `${data}/${name}`);
      databaseUrl = `file:./${data}/app.db`;
    }
    if (template && fs.existsSync(`${template.dataDir}/files`))
      fs.cpSync(`${template.dataDir}/files`, `${data}/files`, { recursive: true });
  }
  databaseUrl ??= await freshServerDatabase(`e2e_${port}`, data);
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
  // Seeding and starting take seconds on an idle machine and tens of seconds on a loaded 2-core one.
  try {
    await expect
      .poll(() => output.includes(" is ready on ") || child.exitCode !== null, { timeout: 90_000 })
      .toBe(true);
    expect(child.exitCode).toBeNull();
  } catch (error) {
    // Stopped, so that a retry finds its port free (a server left starting held it: EADDRINUSE).
    child.kill("SIGKILL");
    await exited;
    throw new Error(`The server on port ${port} did not start. Its output:\n${output.slice(-4000)}`, { cause: error });
  }
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => null))?.status, { timeout: 10_000 })
    .toBe(200);
  return { url, child, exited, output: () => output, dataDir: data, databaseUrl };
}

export type SpawnedServer = Awaited<ReturnType<typeof spawnServer>>;

/**
 * A server of its own for a whole spec file: started before its first test and stopped after its last. The
 * object answered is filled in once the server has started, so the tests read it as they would `spawnServer`'s.
 */
export function serverForFile(
  port: number,
  env: Record<string, string>,
  options: Parameters<typeof spawnServer>[2] = {},
): SpawnedServer {
  const server = {} as SpawnedServer;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    Object.assign(server, await spawnServer(port, env, options));
  });
  test.afterAll(async () => {
    server.child?.kill("SIGTERM");
    await server.exited;
  });
  return server;
}
