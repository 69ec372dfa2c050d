import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { parseCsv } from "../../app/test/csv";
import { openServerDatabase, type ServerDatabase } from "../server-db";
import { spawnServer } from "../spawn-server";
import { DEMO, DEMO_PASSWORD } from "../support";

/**
 * Bulk jobs survive their servers (docs/architecture.md §21): `kill -9` of the primary and its workers in the middle
 * of a job, then another server on the same database and files resumes it. Nothing is lost, nothing is done twice:
 * every row has one request, one document, one account, and the results list them all. Cancel and retry, over HTTP.
 */
const ROWS = 200;

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

const count = async (db: ServerDatabase, text: string, ...params: unknown[]) =>
  Number((await db.get<{ n: number }>(text, ...params))!.n);

test("kill -9 of every server in the middle of a bulk job loses nothing and duplicates nothing; the job resumes", async () => {
  test.setTimeout(240_000);
  const env = { DEMO_DATA: "on", WEB_CONCURRENCY: "2", BULK_CLAIM_SECONDS: "3" };
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

    const done = () => count(db, "SELECT COUNT(*) AS n FROM bulk_job_rows WHERE job_id = ? AND status = 'DONE'", jobId);
    await expect.poll(done, { timeout: 60_000, intervals: [50] }).toBeGreaterThanOrEqual(15);
    process.kill(-first.child.pid!, "SIGKILL");
    await first.exited;
    const doneAtKill = await done();
    expect(doneAtKill).toBeLessThan(ROWS);
    await clerk.dispose();

    // Another server on the same database and files: it takes the dead server's rows once their claims run out.
    second = await spawnServer(4372, env, {
      detached: true,
      databaseUrl: first.databaseUrl,
      storageDir: `./${first.dataDir}/files`,
    });
    const again = await signedIn(second.url);
    // Cancelled, it stops taking rows (a chunk in hand is finished); retried, it runs to the end.
    const cancel = await again.post(jobPath, { form: { intent: "cancel" }, maxRedirects: 0 });
    expect(cancel.status()).toBe(302);
    expect((await db.get<{ status: string }>("SELECT status FROM bulk_jobs WHERE id = ?", jobId))!.status).toBe(
      "CANCELLED",
    );
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const doneWhenCancelled = await done();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await done()).toBe(doneWhenCancelled);
    expect(doneWhenCancelled).toBeLessThan(ROWS);
    const retry = await again.post(jobPath, { form: { intent: "retry" }, maxRedirects: 0 });
    expect(retry.status()).toBe(302);
    await expect
      .poll(
        async () => (await db.get<{ status: string }>("SELECT status FROM bulk_jobs WHERE id = ?", jobId))!.status,
        {
          timeout: 120_000,
        },
      )
      .toBe("DONE");

    // Every row once: a request, a document, an account each, and nothing more.
    expect(await done()).toBe(ROWS);
    const rows = await db.all<{ request_id: number; issued_document_id: number }>(
      "SELECT request_id, issued_document_id FROM bulk_job_rows WHERE job_id = ?",
      jobId,
    );
    expect(new Set(rows.map((row) => row.request_id)).size).toBe(ROWS);
    expect(
      await count(
        db,
        "SELECT COUNT(*) AS n FROM issued_documents d JOIN bulk_job_rows r ON r.request_id = d.request_id WHERE r.job_id = ?",
        jobId,
      ),
    ).toBe(ROWS);
    expect(await count(db, "SELECT COUNT(*) AS n FROM users WHERE email LIKE 'killed%@example.com'")).toBe(ROWS);
    expect(
      await count(
        db,
        "SELECT COUNT(*) AS n FROM document_requests r JOIN users u ON u.id = r.beneficiary_id WHERE u.email LIKE 'killed%@example.com'",
      ),
    ).toBe(ROWS);
    expect(await count(db, "SELECT COUNT(*) AS n FROM audit_events WHERE action = 'request.bulk_issue'")).toBe(ROWS);

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
  }
});
