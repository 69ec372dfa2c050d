import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { EXAMPLE_PDF_BASE64 } from "../../app/routes/api/example-pdf";
import { openServerDatabase } from "../server-db";
import { startS3 } from "../s3-store";
import { freshServerDatabase, spawnServer } from "../spawn-server";
import { s3Store } from "../../app/platform/storage/s3-store";

const S3_DIRECTORY = "e2e/.tmp/backup-s3";
import { DEMO, DEMO_PASSWORD } from "../support";

// Not spawnSync: the S3-compatible store answers from this process, which must go on running meanwhile.
const run = (script: string, dir: string, env: Record<string, string>) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("npx", ["tsx", script, dir], { env: { ...process.env, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });

/**
 * Backups that are tested (docs/architecture.md §22): `npm run backup` while a beneficiary keeps sending requests,
 * `npm run restore` into an empty deployment, a server started on it: every request acknowledged before the backup
 * began is there, every stored file matches its SHA-256, and every issued document still verifies.
 */
test("a backup taken while requests are written restores into a fresh deployment that serves them all", async () => {
  test.setTimeout(180_000);
  // The deployment's files are in an S3-compatible bucket; the restore goes into another, empty one.
  fs.rmSync(S3_DIRECTORY, { recursive: true, force: true });
  const store = await startS3(4444, S3_DIRECTORY, ["deployment", "restored"]);
  const env = { DEMO_DATA: "on", WEB_CONCURRENCY: "2", UPLOAD_RATE_LIMIT: "100000", STORAGE_QUOTA_MB: "10000" };
  const source = await spawnServer(4377, { ...env, ...store.settings("") });
  const backupDir = `e2e/.tmp/backup-${Date.now()}`;
  const acknowledged: { id: number; at: number }[] = [];
  let writing = true;
  let backupStarted = Number.POSITIVE_INFINITY;
  try {
    const login = await fetch(`${source.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: DEMO.BENEFICIARY, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
    const writer = (async () => {
      while (writing) {
        const response = await fetch(`${source.url}/api/document-requests/beneficiary`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: JSON.stringify({
            clientId: 1,
            documentCategoryId: 1,
            requestMessage: `Written during the backup ${acknowledged.length}`,
            securePlusEnabled: false,
            filledFields: [
              { fieldName: "student_number", fieldValue: String(20_000_000 + acknowledged.length) },
              { fieldName: "graduation_date", fieldValue: "2023-06-30" },
            ],
            supportingDocuments: [
              { supportingDocumentTypeId: 1, documentName: "national-id.pdf", base64Data: EXAMPLE_PDF_BASE64 },
            ],
          }),
        });
        expect(response.status).toBe(201);
        const { data } = (await response.json()) as { data: { id: number } };
        acknowledged.push({ id: data.id, at: Date.now() });
      }
    })();
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    backupStarted = Date.now();
    const made = await run("scripts/backup.ts", backupDir, {
      DATABASE_URL: source.databaseUrl,
      ...store.settings(""),
      DATA_DIR: `./${source.dataDir}`,
    });
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Backed up the (sqlite|postgres) database, \d+ stored files/);
    writing = false;
    await writer;
    expect(acknowledged.filter((request) => request.at > backupStarted).length).toBeGreaterThan(0);
  } finally {
    writing = false;
    source.child.kill("SIGTERM");
    await source.exited;
  }

  // A fresh deployment: an empty database and no files, restored from the backup alone.
  const restoredDir = `e2e/.tmp/restored-${Date.now()}`;
  const databaseUrl = await freshServerDatabase("e2e_restored", restoredDir);
  const target = { DATABASE_URL: databaseUrl, ...store.settings("", "restored"), DATA_DIR: `./${restoredDir}` };
  // A backup that was altered is refused before anything is written.
  const manifest = JSON.parse(fs.readFileSync(`${backupDir}/manifest.json`, "utf8")) as { files: { key: string }[] };
  const altered = `${backupDir}/files/${manifest.files[0].key}`;
  const original = fs.readFileSync(altered);
  fs.writeFileSync(altered, Buffer.concat([original, Buffer.from("x")]));
  const refused = await run("scripts/restore.ts", backupDir, target);
  expect(refused.status).toBe(1);
  expect(refused.stderr).toContain("does not match its SHA-256");
  fs.writeFileSync(altered, original);
  const restored = await run("scripts/restore.ts", backupDir, target);
  expect(restored.status, restored.stderr).toBe(0);
  const again = await run("scripts/restore.ts", backupDir, target);
  expect(again.stderr).toContain("not empty");

  const server = await spawnServer(
    4378,
    { ...env, DEMO_DATA: "off", ...store.settings("", "restored") },
    { databaseUrl },
  );
  // The test reads the restored bucket itself, as the server does (its settings given, not put in this process's
  // environment, which the next tests' servers inherit).
  const restoredStore = s3Store("s3://restored/", { env: store.settings("", "restored") });
  const db = await openServerDatabase(databaseUrl, { readonly: true });
  try {
    const ids = new Set(
      (await db.all<{ id: number }>("SELECT id FROM document_requests")).map((row) => Number(row.id)),
    );
    for (const request of acknowledged.filter((candidate) => candidate.at < backupStarted))
      expect(ids.has(request.id), `request ${request.id}`).toBe(true);
    for (const file of await db.all<{ storage_key: string; sha256: string }>("SELECT storage_key, sha256 FROM files")) {
      const bytes = await restoredStore.get(file.storage_key);
      expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(file.sha256);
    }
    const documents = await db.all<{ verification_code: string; document_hash: string }>(
      "SELECT verification_code, document_hash FROM issued_documents WHERE status = 'VALID' AND secure_plus_enabled = 0",
    );
    expect(documents.length).toBeGreaterThan(0);
    for (const document of documents) {
      const pdf = await fetch(`${server.url}/verify/${document.verification_code}/document`);
      if (pdf.status === 410) continue; // expired: its file is not served, as before the backup
      expect(pdf.status).toBe(200);
      const sha256 = crypto
        .createHash("sha256")
        .update(Buffer.from(await pdf.arrayBuffer()))
        .digest("hex");
      expect(sha256).toBe(document.document_hash);
    }
  } finally {
    await db.close();
    server.child.kill("SIGTERM");
    await server.exited;
    await store.stop();
  }
});
