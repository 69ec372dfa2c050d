import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { onPostgres } from "~/test/db";

/**
 * `npm run restore` given a crafted backup (docs/architecture.md §22): a manifest is input, so an entry with `..`,
 * an absolute path, a link, or a secret the backup never writes is refused before anything is restored, and
 * nothing is written or read outside the backup, the storage directory and the data directory.
 */
const work = fs.mkdtempSync(path.join(os.tmpdir(), "restore-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const sha256 = (bytes: string | Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

/** A backup directory with a real (empty) SQLite database, the given files, and a manifest as crafted. */
function craftedBackup(name: string, entries: { files?: object[]; secrets?: object[]; database?: object }) {
  const dir = path.join(work, name, "backup");
  fs.mkdirSync(path.join(dir, "files"), { recursive: true });
  fs.writeFileSync(path.join(dir, "database.sqlite"), "");
  const manifest = {
    createdAt: new Date().toISOString(),
    database: { kind: "sqlite", file: "database.sqlite", sha256: sha256(""), ...entries.database },
    files: entries.files ?? [],
    secrets: entries.secrets ?? [],
  };
  fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
  return dir;
}

/** Restores into a deployment two levels below the case's directory, so that a `../../` lands beside it. */
function restore(name: string, backupDir: string) {
  const deployment = path.join(work, name, "deploy", "site");
  const result = spawnSync("npx", ["tsx", "scripts/restore.ts", backupDir], {
    encoding: "utf8",
    env: {
      ...process.env,
      DATABASE_URL: `file:${deployment}/app.db`,
      STORAGE_DIR: `${deployment}/files`,
      DATA_DIR: deployment,
    },
  });
  return { ...result, deployment };
}

/** Whether anything was restored: the database, or a file beside the deployment. */
const restoredAnything = (name: string) =>
  fs.existsSync(path.join(work, name, "deploy")) &&
  fs.readdirSync(path.join(work, name, "deploy"), { recursive: true }).length > 0;

// The manifest is checked before any database is touched: the SQLite pass is enough.
describe.skipIf(onPostgres)("npm run restore with a crafted manifest", () => {
  it("refuses a stored file's key with .. or an absolute path, and restores nothing", () => {
    for (const [name, key] of [
      ["dotdot", "../../escaped"],
      ["hidden-dotdot", "ab/../../../escaped"],
      ["absolute", "/tmp/escaped"],
      ["backslash", "..\\..\\escaped"],
    ]) {
      const backup = craftedBackup(name, { files: [{ key, sha256: sha256("x"), bytes: 1 }] });
      // What a restore that followed the key would read: a file outside the backup, with the manifest's sum.
      fs.writeFileSync(path.join(work, name, "escaped"), "x");
      const result = restore(name, backup);
      expect(result.status, result.stdout).toBe(1);
      expect(result.stderr).toContain("is not a stored file's name");
      expect(restoredAnything(name)).toBe(false);
    }
  });

  it("refuses a stored file that is a link, even one whose target has the manifest's sum", () => {
    const outside = path.join(work, "outside.txt");
    fs.writeFileSync(outside, "secret of the host");
    const backup = craftedBackup("link", {
      files: [{ key: "ab/link", sha256: sha256("secret of the host"), bytes: 18 }],
    });
    fs.mkdirSync(path.join(backup, "files", "ab"));
    fs.symlinkSync(outside, path.join(backup, "files", "ab", "link"));
    const linkedDir = craftedBackup("linked-dir", {
      files: [{ key: "cd/outside.txt", sha256: sha256("secret of the host"), bytes: 18 }],
    });
    fs.symlinkSync(work, path.join(linkedDir, "files", "cd"));
    for (const [name, dir] of [
      ["link", backup],
      ["linked-dir", linkedDir],
    ]) {
      const result = restore(name, dir);
      expect(result.status, result.stdout).toBe(1);
      expect(result.stderr).toContain("is missing, or not a plain file");
      expect(restoredAnything(name)).toBe(false);
    }
  });

  it("takes only the secrets the backup writes, from their own place", () => {
    for (const [name, secret] of [
      ["secret-dotdot", { name: "../../escaped", file: "secrets/../../escaped" }],
      ["secret-foreign", { name: "authorized_keys", file: "secrets/authorized_keys" }],
      ["secret-elsewhere", { name: "session-secret", file: "../escaped" }],
    ] as const) {
      const backup = craftedBackup(name, { secrets: [{ ...secret, sha256: sha256("x") }] });
      fs.writeFileSync(path.join(work, name, "escaped"), "x");
      const result = restore(name, backup);
      expect(result.status, result.stdout).toBe(1);
      expect(result.stderr).toContain("is not a secret the backup keeps");
      expect(restoredAnything(name)).toBe(false);
    }
  });

  it("refuses a database file other than its own", () => {
    const backup = craftedBackup("database", { database: { file: "../escaped" } });
    fs.writeFileSync(path.join(work, "database", "escaped"), "");
    const result = restore("database", backup);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("the database file must be database.sqlite");
    expect(restoredAnything("database")).toBe(false);
  });

  it("restores a well-formed backup of plain files", () => {
    const backup = craftedBackup("plain", { files: [{ key: "ab/abcdef", sha256: sha256("x"), bytes: 1 }] });
    fs.mkdirSync(path.join(backup, "files", "ab"));
    fs.writeFileSync(path.join(backup, "files", "ab", "abcdef"), "x");
    const result = restore("plain", backup);
    expect(result.status, result.stderr).toBe(0);
    expect(fs.readFileSync(path.join(result.deployment, "files", "ab", "abcdef"), "utf8")).toBe("x");
  });
});
