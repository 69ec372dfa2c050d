// A throwaway PostgreSQL server for the tests and the bench: Debian's `postgresql` binaries, a cluster in a
// temporary directory, listening on 127.0.0.1 only, stopped and deleted afterwards.
//   node scripts/postgres.mjs <command...>   runs the command with POSTGRES_ADMIN_URL set, then stops the server.
//   node scripts/postgres.mjs --fresh <name>  (re)creates an empty database <name> on POSTGRES_ADMIN_URL's server.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** Where Debian puts the server's programs (they are not on PATH), newest version first. */
function binDir() {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((version) => path.join(root, version, "bin"))
    .find((dir) => fs.existsSync(path.join(dir, "initdb")));
  if (found) return found;
  if (process.getuid?.() === 0) {
    console.log("Installing Debian's postgresql for the PostgreSQL test run...");
    execFileSync(
      "sh",
      ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null"],
      { stdio: "inherit" },
    );
    return binDir();
  }
  throw new Error(
    "No PostgreSQL server programs in /usr/lib/postgresql. Install them with: sudo apt-get install postgresql",
  );
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user the package created. */
function asServerUser(program, args) {
  return process.getuid?.() === 0
    ? ["setpriv", ["--reuid=postgres", "--regid=postgres", "--clear-groups", program, ...args]]
    : [program, args];
}

export async function startPostgres() {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attest-pg-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  const data = path.join(dir, "data");
  const [initdb, initArgs] = asServerUser(path.join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  execFileSync(initdb, initArgs, { stdio: "ignore" });
  const port = await freePort();
  const settings = [
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    `port=${port}`,
    "-c",
    `unix_socket_directories=${dir}`,
    "-c",
    "max_connections=300",
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
  ];
  const [postgres, serverArgs] = asServerUser(path.join(bin, "postgres"), ["-D", data, ...settings]);
  // The server's log goes to a file: a pipe nobody drains (a parent blocked in spawnSync) would stall it.
  const logFile = path.join(dir, "server.log");
  const log = () => fs.readFileSync(logFile, "utf8");
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let server;
  /** Starts the server on the cluster (again, after `halt`: same data, same port) and waits until it takes connections. */
  const launch = async () => {
    server = spawn(postgres, serverArgs, { stdio: ["ignore", "ignore", fs.openSync(logFile, "a")] });
    for (let attempt = 0; ; attempt++) {
      const client = new pg.Client({ connectionString: adminUrl });
      try {
        await client.connect();
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => {});
        if (attempt > 150 || server.exitCode !== null)
          throw new Error(`PostgreSQL did not start: ${error.message}\n${log()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  /** Stops the server and keeps its data, as an outage would (a test of the app without its database). */
  const halt = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.on("exit", resolve));
      server.kill("SIGINT"); // fast shutdown
      await exited;
    }
  };
  await launch();
  const stop = async () => {
    await halt();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { adminUrl, stop, halt, launch };
}

/** A new, empty database on the server of `adminUrl` (dropped first if it exists); its URL. */
export async function freshDatabase(adminUrl, name, template = null) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"${template ? ` template "${template}"` : ""}`);
  } finally {
    await client.end();
  }
  return databaseUrl(adminUrl, name);
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "--fresh") {
  await freshDatabase(process.env.POSTGRES_ADMIN_URL, process.argv[3]);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error("usage: node scripts/postgres.mjs <command...>");
    process.exit(2);
  }
  const { adminUrl, stop } = await startPostgres();
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, POSTGRES_ADMIN_URL: adminUrl } });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  const status = await new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
  await stop();
  process.exit(status);
}
