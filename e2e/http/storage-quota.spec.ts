import { expect, test } from "@playwright/test";
import crypto from "node:crypto";
import fs from "node:fs";
import { PNG } from "pngjs";
import { formatFileSize } from "../../app/utils/format";
import { openServerDatabase, type ServerDatabase } from "../server-db";
import { serverForFile } from "../spawn-server";
import { DEMO, sessionCookieAt } from "../support";

/**
 * What one person may store (README, Security limits), through the production server: a beneficiary's uploads
 * stop at STORAGE_QUOTA_MB with a translated 413 and nothing written; posts with files are limited per hour
 * (429 with Retry-After); the super admin sees the bytes a beneficiary stores.
 */
test.describe.configure({ mode: "serial" });

const QUOTA_MB = 1;
const server = serverForFile(4384, { DEMO_DATA: "on", STORAGE_QUOTA_MB: String(QUOTA_MB), UPLOAD_RATE_LIMIT: "3" });
let db: ServerDatabase;

test.beforeAll(async () => {
  db = await openServerDatabase(server.databaseUrl, { readonly: true });
});
test.afterAll(async () => {
  await db?.close();
});

const cookieOf = (email: string) => sessionCookieAt(server.url, email);

/** A PNG of noise (which does not compress) of about `bytes` bytes. */
function noisePng(bytes: number) {
  const side = Math.ceil(Math.sqrt(bytes / 4));
  const png = new PNG({ width: side, height: side });
  png.data = crypto.randomBytes(side * side * 4);
  return PNG.sync.write(png);
}

async function askToAttest(cookie: string, file: Buffer, language: "ar" | "en") {
  const client = (await db.get<{ id: number }>("SELECT id FROM clients WHERE can_do_attestation = 1 ORDER BY id"))!;
  const form = new FormData();
  form.set("clientId", String(client.id));
  form.set("documentName", "Transcript");
  form.set("file", new Blob([new Uint8Array(file)], { type: "image/png" }), "scan.png");
  return fetch(`${server.url}/beneficiary/attestations/create`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, Cookie: cookie, "Accept-Language": language },
    body: form,
  });
}

const counts = async () => ({
  attestations: (await db.get<{ n: number }>("SELECT count(*) AS n FROM attestations"))!.n,
  files: (await db.get<{ n: number }>("SELECT count(*) AS n FROM files"))!.n,
  stored: fs.readdirSync(`${server.dataDir}/files`, { recursive: true }).length,
});

test("a beneficiary's uploads stop at the quota with a translated 413, and nothing is written", async () => {
  const cookie = await cookieOf(DEMO.BENEFICIARY);
  const owner = (await db.get<{ id: number }>("SELECT id FROM users WHERE email = ?", DEMO.BENEFICIARY))!;
  const used = Number(
    (await db.get<{ bytes: number | null }>("SELECT sum(size) AS bytes FROM files WHERE created_by = ?", owner.id))!
      .bytes ?? 0,
  );
  const room = QUOTA_MB * 1024 * 1024 - used;
  // Two files of 60% of what is left: the first fits, the second does not.
  const first = await askToAttest(cookie, noisePng(room * 0.6), "en");
  expect(first.status).toBe(302);
  const before = await counts();
  for (const language of ["en", "ar"] as const) {
    const refused = await askToAttest(cookie, noisePng(room * 0.6), language);
    expect(refused.status).toBe(413);
    const page = await refused.text();
    expect(page).toContain(language === "en" ? "Your storage is full" : "امتلأت مساحة التخزين الخاصة بك");
  }
  expect(await counts()).toEqual(before);
});

test("posts with files are limited per person per hour: 429 with Retry-After", async () => {
  const cookie = await cookieOf("beneficiary2@example.com");
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await askToAttest(cookie, noisePng(2_000), "en")).status);
  expect(statuses).toEqual([302, 302, 302, 429]);
  const limited = await askToAttest(cookie, noisePng(2_000), "en");
  expect(limited.status).toBe(429);
  expect(limited.headers.get("Retry-After")).toBe("3600");
});

test("the super admin sees what a beneficiary stores, against the quota", async () => {
  const cookie = await cookieOf(DEMO.SUPER_ADMIN);
  const owner = (await db.get<{ id: number }>("SELECT id FROM users WHERE email = ?", DEMO.BENEFICIARY))!;
  const page = await fetch(`${server.url}/super-admin/beneficiaries-management/${owner.id}`, {
    headers: { Cookie: cookie, "Accept-Language": "en" },
  });
  expect(page.status).toBe(200);
  const stored = /data-testid="stored-files"[^>]*>([^<]+)</.exec(await page.text())?.[1];
  const used = Number(
    (await db.get<{ bytes: number | null }>("SELECT sum(size) AS bytes FROM files WHERE created_by = ?", owner.id))!
      .bytes ?? 0,
  );
  expect(used).toBeGreaterThan(0);
  expect(stored).toBe(`${formatFileSize(used, "en")} of ${formatFileSize(QUOTA_MB * 1024 * 1024, "en")}`);
});
