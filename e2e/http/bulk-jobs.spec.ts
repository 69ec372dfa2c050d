import fs from "node:fs";
import http from "node:http";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { parseCsv } from "../../app/test/csv";
import { openServerDatabase, type ServerDatabase } from "../server-db";
import { startS3 } from "../s3-store";
import { spawnServer } from "../spawn-server";

const S3_DIRECTORY = "e2e/.tmp/bulk-jobs-s3";
import { DEMO, DEMO_PASSWORD } from "../support";

/**
 * Bulk jobs survive their servers (docs/architecture.md §21): `kill -9` of the primary and its workers in the middle
 * of a job, then another server on the same database and files resumes it. Nothing is lost, nothing is done twice:
 * every row has one request, one document, one account, and the results list them all. Cancel and retry, over HTTP.
 */
const ROWS = 120;

async function signedIn(url: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({
    baseURL: url,
    extraHTTPHeaders: { Origin: url, "Accept-Language": "en" },
  });
  const response = await context.post("/login", {
    form: { email: DEMO.CLERK, password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return context;
}

/**
 * A multipart post by node:http, reading the answer even when the server answers before the body is sent whole (a
 * file over its limit) and then closes the connection, as a browser does.
 */
function postMultipart(
  url: string,
  post: { headers: Record<string, string>; fields: Record<string, string>; file: { name: string; bytes: Buffer } },
) {
  const boundary = "----bulk-test-boundary";
  const parts = Object.entries(post.fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${post.file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    post.file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const target = new URL(url);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        agent: false,
        headers: {
          ...post.headers,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(body.length),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        response.on("error", reject);
      },
    );
    // Writing the rest of a refused body may fail once the server has answered and closed: the answer is what counts.
    request.on("error", () => {});
    request.end(body);
  });
}

const count = async (db: ServerDatabase, text: string, ...params: unknown[]) =>
  Number((await db.get<{ n: number }>(text, ...params))!.n);

test("kill -9 of every server in the middle of a bulk job loses nothing and duplicates nothing; the job resumes", async () => {
  test.setTimeout(240_000);
  // The servers share the database and an S3-compatible store, and no disk (docs/decisions/0026).
  fs.rmSync(S3_DIRECTORY, { recursive: true, force: true });
  const store = await startS3(4443, S3_DIRECTORY);
  const env = { DEMO_DATA: "on", WEB_CONCURRENCY: "2", BULK_CLAIM_SECONDS: "3", ...store.settings("bulk/") };
  const first = await spawnServer(4371, env, { detached: true });
  let second: Awaited<ReturnType<typeof spawnServer>> | undefined;
  const db = await openServerDatabase(first.databaseUrl);
  try {
    const clerk = await signedIn(first.url);
    const category = await db.get<{ id: number }>(
      "SELECT id FROM document_categories WHERE client_id = 1 ORDER BY id LIMIT 1",
    );
    const base = "/clerks/document-categories";
    const template = await clerk.post(`${base}/template/${category!.id}`, {
      multipart: {
        pageSize: "A4",
        orientation: "PORTRAIT",
        "title.english": "Graduation certificate",
        "title.arabic": "شهادة تخرج",
        "body.english": "{{beneficiary.name.en}}, student {{field.student_number}}.",
        "body.arabic": "{{beneficiary.name.ar}}",
      },
      maxRedirects: 0,
    });
    expect(template.status()).toBe(302);
    // A file over 10 MB is refused with the limit named, in the user's language, and nothing is written.
    const cookie = (await clerk.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    for (const [language, message] of [
      ["en", "The file is larger than 10 MB: split it"],
      ["ar", "الملف أكبر من 10 ميغابايت: قسّمه"],
    ]) {
      const huge = await postMultipart(`${first.url}${base}/bulk/${category!.id}`, {
        headers: { Origin: first.url, Cookie: cookie, "Accept-Language": language },
        fields: { intent: "check" },
        file: { name: "huge.csv", bytes: Buffer.alloc(10 * 1024 * 1024 + 1, "a") },
      });
      expect(huge.status).toBe(413);
      expect(huge.text).toContain(message);
    }
    const lines = ["email,first_name_en,last_name_en,first_name_ar,last_name_ar,student_number,graduation_date"];
    for (let i = 0; i < ROWS; i++) lines.push(`killed${i}@example.com,Row,Number ${i},صف,رقم,${5000 + i},2024-06-30`);
    const started = await clerk.post(`${base}/bulk/${category!.id}`, {
      multipart: {
        intent: "issue",
        file: { name: "graduates.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\n")) },
      },
      maxRedirects: 0,
    });
    expect(started.status()).toBe(302);
    const jobPath = started.headers()["location"];
    const jobId = Number(jobPath.match(/bulk-jobs\/(\d+)$/)![1]);

    // While it runs, the page refreshes itself for a browser without JS.
    const page = await (await clerk.get(jobPath)).text();
    expect(page).toMatch(/<noscript><meta http-equiv="refresh" content="3"\/?><\/noscript>/);

    const done = () => count(db, "SELECT COUNT(*) AS n FROM job_items WHERE job_id = ? AND status = 'DONE'", jobId);
    await expect.poll(done, { timeout: 60_000, intervals: [50] }).toBeGreaterThanOrEqual(10);
    process.kill(-first.child.pid!, "SIGKILL");
    await first.exited;
    const doneAtKill = await done();
    expect(doneAtKill).toBeLessThan(ROWS);
    await clerk.dispose();

    // Another server, with a data directory of its own, on the same database and store: it takes the dead server's
    // rows once their claims run out.
    second = await spawnServer(4372, env, { detached: true, databaseUrl: first.databaseUrl });
    const again = await signedIn(second.url);
    // Cancelled, it stops issuing at once: not one row more is done after the answer, not even of a chunk in hand.
    await expect.poll(done, { timeout: 60_000, intervals: [50] }).toBeGreaterThan(doneAtKill);
    const cancel = await again.post(jobPath, { form: { intent: "cancel" }, maxRedirects: 0 });
    expect(cancel.status()).toBe(302);
    expect((await db.get<{ status: string }>("SELECT status FROM jobs WHERE id = ?", jobId))!.status).toBe("CANCELLED");
    const doneWhenCancelled = await done();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await done()).toBe(doneWhenCancelled);
    expect(doneWhenCancelled).toBeLessThan(ROWS);
    const retry = await again.post(jobPath, { form: { intent: "retry" }, maxRedirects: 0 });
    expect(retry.status()).toBe(302);
    await expect
      .poll(async () => (await db.get<{ status: string }>("SELECT status FROM jobs WHERE id = ?", jobId))!.status, {
        timeout: 120_000,
      })
      .toBe("DONE");

    // Every row once: a request, a document, an account each, and nothing more.
    expect(await done()).toBe(ROWS);
    const outcomes = (await db.all<{ result: string }>("SELECT result FROM job_items WHERE job_id = ?", jobId)).map(
      (row) => JSON.parse(row.result) as { requestId: number; issuedDocumentId: number },
    );
    expect(new Set(outcomes.map((result) => result.requestId)).size).toBe(ROWS);
    const documents = await db.all<{ request_id: number }>(
      "SELECT d.request_id FROM issued_documents d JOIN document_requests r ON r.id = d.request_id JOIN users u ON u.id = r.beneficiary_id WHERE u.email LIKE 'killed%@example.com'",
    );
    expect(documents).toHaveLength(ROWS);
    expect(new Set(documents.map((document) => document.request_id))).toEqual(
      new Set(outcomes.map((result) => result.requestId)),
    );
    expect(await count(db, "SELECT COUNT(*) AS n FROM users WHERE email LIKE 'killed%@example.com'")).toBe(ROWS);
    expect(
      await count(
        db,
        "SELECT COUNT(*) AS n FROM document_requests r JOIN users u ON u.id = r.beneficiary_id WHERE u.email LIKE 'killed%@example.com'",
      ),
    ).toBe(ROWS);
    expect(await count(db, "SELECT COUNT(*) AS n FROM audit_events WHERE action = 'request.bulk_issue'")).toBe(ROWS);

    // Every issued document's bytes are in the store; neither server wrote a file under its own data directory.
    for (const server of [first, second]) expect(fs.existsSync(`${server!.dataDir}/files`)).toBe(false);

    // The results list every row with its code.
    const results = await again.get(`${jobPath}/export?format=csv`);
    const [, ...records] = parseCsv((await results.text()).replace(/^\uFEFF/, ""));
    expect(records).toHaveLength(ROWS);
    expect(new Set(records.map((record) => record[4])).size).toBe(ROWS);
    await again.dispose();
  } finally {
    await db.close();
    for (const server of [first, second])
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        process.kill(-server.child.pid!, "SIGTERM");
        await server.exited;
      }
    await store.stop();
  }
});
