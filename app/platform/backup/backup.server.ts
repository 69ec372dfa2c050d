import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { keyOfObjectName, objectName, type ObjectStore } from "~/platform/storage/store";

/**
 * Backups that are tested (docs/architecture.md §22): a consistent copy of the database (SQLite's online backup, or
 * `pg_dump`), then the stored files (from the disk or the bucket) and the secrets generated into ./data, with a
 * manifest of SHA-256 sums. The database is copied first: a stored file is written before the row that names it is
 * committed, so every file the copy names is in the store when the files are copied after it.
 */
export interface Manifest {
  createdAt: string;
  database: { kind: "sqlite" | "postgres"; file: string; sha256: string };
  files: { key: string; sha256: string; bytes: number }[];
  /** Secrets that were generated into files (./data); those given in the environment are the operator's to keep. */
  secrets: { name: string; file: string; sha256: string }[];
}

const MANIFEST = "manifest.json";
const SECRET_FILES = ["session-secret", "pin-secret", "signing-key-secret"];

const sha256Of = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
const isPostgresUrl = (url: string) => /^postgres(ql)?:/.test(url);
const sqlitePath = (url: string) => url.replace(/^file:/, "");

/** What a backup is taken from, or restored into: the database, the file store, the folder of generated secrets. */
export interface Deployment {
  databaseUrl: string;
  store: ObjectStore;
  dataDir: string;
}

export async function backup(target: string, config: Deployment) {
  fs.mkdirSync(target, { recursive: true });
  if (fs.readdirSync(target).length > 0) throw new Error(`${target} is not empty: back up into a new directory`);
  const postgres = isPostgresUrl(config.databaseUrl);
  const databaseFile = postgres ? "database.pgdump" : "database.sqlite";
  if (postgres)
    execFileSync("pg_dump", [
      "--format=custom",
      "--no-owner",
      `--file=${path.join(target, databaseFile)}`,
      config.databaseUrl,
    ]);
  else {
    const source = new Database(sqlitePath(config.databaseUrl), { readonly: true, fileMustExist: true });
    try {
      await source.backup(path.join(target, databaseFile));
    } finally {
      source.close();
    }
  }
  const files: Manifest["files"] = [];
  // The store's objects, on a disk or in a bucket, as files named like the disk store's (`ab/abcdef…`).
  for await (const object of config.store.list()) {
    const key = objectName(object.key);
    const copy = path.join(target, "files", key);
    fs.mkdirSync(path.dirname(copy), { recursive: true });
    fs.writeFileSync(copy, await config.store.get(object.key));
    files.push({ key, sha256: sha256Of(copy), bytes: fs.statSync(copy).size });
  }
  const secrets: Manifest["secrets"] = [];
  for (const name of SECRET_FILES) {
    const source = path.join(config.dataDir, name);
    if (!fs.existsSync(source)) continue;
    fs.mkdirSync(path.join(target, "secrets"), { recursive: true });
    fs.copyFileSync(source, path.join(target, "secrets", name));
    secrets.push({ name, file: `secrets/${name}`, sha256: sha256Of(source) });
  }
  const manifest: Manifest = {
    createdAt: new Date().toISOString(),
    database: {
      kind: postgres ? "postgres" : "sqlite",
      file: databaseFile,
      sha256: sha256Of(path.join(target, databaseFile)),
    },
    files,
    secrets,
  };
  fs.writeFileSync(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Where each entry of a manifest may point (docs/architecture.md §22): a backup directory is input, and a
 * crafted manifest must not make the restore read or write outside it, the storage directory or the data
 * directory. The database file has its fixed name; a stored file's key is a relative path of plain names (no
 * `..`, no absolute path, no backslash or control character); a secret is one of the names the backup writes.
 */
const DATABASE_FILES = { sqlite: "database.sqlite", postgres: "database.pgdump" } as const;
// eslint-disable-next-line no-control-regex -- the characters a stored file's key never holds
const UNSAFE_KEY = /[\u0000-\u001f\\:]/;
const isSafeKey = (key: unknown): key is string =>
  typeof key === "string" &&
  key.length > 0 &&
  key.length <= 512 &&
  !UNSAFE_KEY.test(key) &&
  !path.posix.isAbsolute(key) &&
  key.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..");

function manifestProblems(manifest: Manifest): string[] {
  const problems: string[] = [];
  const kind = manifest.database?.kind;
  if (kind !== "sqlite" && kind !== "postgres") problems.push("the database kind is unknown");
  else if (manifest.database.file !== DATABASE_FILES[kind])
    problems.push(`the database file must be ${DATABASE_FILES[kind]}`);
  if (!Array.isArray(manifest.files) || !Array.isArray(manifest.secrets))
    return [...problems, "the manifest is not one npm run backup wrote"];
  for (const file of manifest.files)
    if (!isSafeKey(file?.key)) problems.push(`${JSON.stringify(file?.key)} is not a stored file's name`);
  for (const secret of manifest.secrets)
    if (!SECRET_FILES.includes(secret?.name) || secret.file !== `secrets/${secret.name}`)
      problems.push(`${JSON.stringify(secret?.name)} is not a secret the backup keeps`);
  return problems;
}

/** A regular file inside `root`, reached through no link (a link in a backup could point anywhere). */
function isPlainFileInside(root: string, relative: string) {
  let at = root;
  for (const segment of relative.split("/")) {
    at = path.join(at, segment);
    const stat = fs.lstatSync(at, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return false;
  }
  return fs.lstatSync(at).isFile();
}

/** Every entry of the manifest checked (where it points, then its SHA-256 against the copy): what is wrong. */
export function checkBackup(source: string): { manifest: Manifest; problems: string[] } {
  const manifest = JSON.parse(fs.readFileSync(path.join(source, MANIFEST), "utf8")) as Manifest;
  const unsafe = manifestProblems(manifest);
  if (unsafe.length > 0) return { manifest, problems: unsafe };
  const problems: string[] = [];
  const check = (file: string, sha256: string) => {
    if (!isPlainFileInside(source, file)) problems.push(`${file} is missing, or not a plain file`);
    else if (sha256Of(path.join(source, file)) !== sha256) problems.push(`${file} does not match its SHA-256`);
  };
  check(manifest.database.file, manifest.database.sha256);
  for (const file of manifest.files) check(`files/${file.key}`, file.sha256);
  for (const secret of manifest.secrets) check(secret.file, secret.sha256);
  return { manifest, problems };
}

async function isEmptyDatabase(url: string) {
  if (!isPostgresUrl(url)) return !fs.existsSync(sqlitePath(url)) || fs.statSync(sqlitePath(url)).size === 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema()");
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}

/** Restores a checked backup into an empty deployment (no database tables, no stored files); refuses anything else. */
export async function restore(source: string, config: Deployment) {
  const { manifest, problems } = checkBackup(source);
  if (problems.length) throw new Error(`The backup does not match its manifest: ${problems.join("; ")}`);
  if ((manifest.database.kind === "postgres") !== isPostgresUrl(config.databaseUrl))
    throw new Error(`This backup is of a ${manifest.database.kind} database: restore it into one`);
  if (!(await isEmptyDatabase(config.databaseUrl)))
    throw new Error("The database is not empty: restore into an empty one");
  for await (const object of config.store.list()) {
    void object;
    throw new Error(`${config.store.location} is not empty`);
  }
  const database = path.join(source, manifest.database.file);
  if (manifest.database.kind === "postgres")
    execFileSync("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${config.databaseUrl}`, database]);
  else {
    fs.mkdirSync(path.dirname(path.resolve(sqlitePath(config.databaseUrl))), { recursive: true });
    fs.copyFileSync(database, sqlitePath(config.databaseUrl));
  }
  // The store was empty, and a disk store writes each object once (never over what is there, never through a link
  // it did not make); a secret already in the data directory, or a link in its place, is kept as it is.
  for (const file of manifest.files)
    await config.store.put(keyOfObjectName(file.key), fs.readFileSync(path.join(source, "files", file.key)));
  for (const secret of manifest.secrets) {
    const target = path.join(config.dataDir, secret.name);
    if (fs.lstatSync(target, { throwIfNoEntry: false })) continue;
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.copyFileSync(path.join(source, secret.file), target, fs.constants.COPYFILE_EXCL);
    fs.chmodSync(target, 0o600);
  }
  return manifest;
}
