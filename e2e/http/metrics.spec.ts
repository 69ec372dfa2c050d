import { execFileSync } from "node:child_process";
import http from "node:http";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { spawnServer } from "../spawn-server";
import { DEMO, DEMO_PASSWORD } from "../support";

/** One GET on a connection of its own: the cluster hands each new connection to a worker, so both get some. */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; type: string }>((resolve, reject) => {
    const target = new URL(url);
    http
      .get({ host: target.hostname, port: target.port, path: target.pathname, agent: false, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, type: res.headers["content-type"] ?? "" }));
      })
      .on("error", reject);
  });
}

type Sample = { labels?: Record<string, string>; value?: string; buckets?: Record<string, string> };
type Family = { name: string; type: string; metrics: Sample[] };
/** A sample's value; an unlabelled histogram's is its count, the `+Inf` bucket. */
const numberOf = (sample: Sample) => Number(sample.value ?? sample.buckets?.["+Inf"] ?? 0);
const valueOf = (families: Family[], name: string, labels: Record<string, string> = {}) =>
  families
    .find((family) => family.name === name)
    ?.metrics.filter((metric) => Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value))
    .reduce((sum, metric) => sum + numberOf(metric), 0) ?? null;

/** A staff member's session, as their browser would hold it. */
async function signedIn(url: string, email: string) {
  const context = await playwrightRequest.newContext({ baseURL: url, extraHTTPHeaders: { Origin: url } });
  const response = await context.post("/login", { form: { email, password: DEMO_PASSWORD }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  return context;
}

// Enough rows that the job is still running when first scraped; each is a document issued (CI time: CONTRIBUTING.md).
const BULK_ROWS = 60;

/**
 * `/metrics` (docs/decisions/0017), scraped as Prometheus does and parsed with a Prometheus text parser: summed over
 * the two workers, behind METRICS_TOKEN on the service's port and on METRICS_PORT bound to 127.0.0.1.
 */
test("metrics are summed over the workers, served with a token or on the loopback port, and parse", async () => {
  test.skip(
    Boolean(process.env.POSTGRES_ADMIN_URL),
    "the metrics' plumbing does not depend on the database: the SQLite run checks it",
  );
  test.setTimeout(90_000);
  const server = await spawnServer(4374, {
    DEMO_DATA: "on",
    WEB_CONCURRENCY: "2",
    METRICS_TOKEN: "scrape-token-4374",
    METRICS_PORT: "4375",
    AUTH_RATE_LIMIT: "2",
  });
  try {
    // A bulk job's progress while it runs, and the webhook backlog it leaves (an endpoint nobody answers at).
    const admin = await signedIn(server.url, DEMO.CLIENT_ADMIN);
    const hook = await admin.post("/client-admin/webhooks", {
      data: "url=https%3A%2F%2Fhooks.example.invalid%2Fmetrics&events=document.issued",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
    expect(hook.status()).toBe(302);
    const clerk = await signedIn(server.url, DEMO.CLERK);
    const category = "/clerks/document-categories";
    const template = await clerk.post(`${category}/template/1`, {
      multipart: {
        pageSize: "A4",
        orientation: "PORTRAIT",
        "title.english": "Graduation certificate",
        "title.arabic": "شهادة تخرج",
        "body.english": "{{beneficiary.name.en}}",
        "body.arabic": "{{beneficiary.name.ar}}",
      },
      maxRedirects: 0,
    });
    expect(template.status()).toBe(302);
    const rows = ["email,first_name_en,last_name_en,first_name_ar,last_name_ar,student_number,graduation_date"];
    for (let i = 0; i < BULK_ROWS; i++)
      rows.push(`metrics${i}@example.com,Row,Number ${i},صف,رقم,${7000 + i},2024-06-30`);
    const started = await clerk.post(`${category}/bulk/1`, {
      multipart: {
        intent: "issue",
        file: { name: "rows.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\n")) },
      },
      maxRedirects: 0,
    });
    expect(started.status()).toBe(302);
    const running = parsePrometheusTextFormat((await get("http://127.0.0.1:4375/metrics")).body) as Family[];
    expect(valueOf(running, "job_items")).toBe(BULK_ROWS);
    await expect
      .poll(
        async () =>
          valueOf(
            parsePrometheusTextFormat((await get("http://127.0.0.1:4375/metrics")).body) as Family[],
            "webhook_deliveries",
            {
              state: "PENDING",
            },
          ),
        { timeout: 60_000 },
      )
      .toBe(BULK_ROWS);
    await admin.dispose();
    await clerk.dispose();

    for (let i = 0; i < 6; i++) expect((await get(`${server.url}/verify`)).status).toBe(200);
    for (let i = 0; i < 3; i++) await get(`${server.url}/verify/ABCDEFGHJKMNPQRS`);
    // Three more sign-ins from one address with a limit of 2 (the staff above took two): refused.
    for (let i = 0; i < 3; i++)
      await fetch(`${server.url}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: "email=nobody%40example.com&password=wrong-password",
      });

    expect((await get(`${server.url}/metrics`)).status).toBe(401);
    expect((await get(`${server.url}/metrics`, { Authorization: "Bearer wrong" })).status).toBe(401);
    const scraped = await get(`${server.url}/metrics`, { Authorization: "Bearer scrape-token-4374" });
    expect(scraped.status).toBe(200);
    expect(scraped.type).toContain("text/plain");
    const loopback = await get("http://127.0.0.1:4375/metrics");
    expect(loopback.status).toBe(200);

    for (const text of [scraped.body, loopback.body]) {
      const families = parsePrometheusTextFormat(text) as Family[];
      expect(valueOf(families, "http_requests_total", { route: "/verify", status: "200" })).toBe(6);
      expect(valueOf(families, "verification_lookups_total", { verdict: "NOT_FOUND" })).toBe(3);
      expect(valueOf(families, "rate_limit_refusals_total", { limit: "auth" })).toBeGreaterThanOrEqual(1);
      // The parser folds a histogram's label sets into one (it reads unlabelled ones): its series are read from the text.
      expect(text).toMatch(/^http_request_duration_seconds_count\{route="\/login",method="POST"\} 5$/m);
      expect(valueOf(families, "db_query_duration_seconds")).toBeGreaterThan(0);
      expect(valueOf(families, "db_write_batch_size")).toBeGreaterThan(0);
      expect(valueOf(families, "mail_outbox_messages")).not.toBeNull();
      expect(valueOf(families, "worker_restarts_total")).toBe(0);
      expect(valueOf(families, "process_resident_memory_bytes")).toBeGreaterThan(0);
    }

    // A worker killed is started again, and counted (what the dead worker had counted is gone with it).
    const [victim] = execFileSync("ps", ["-o", "pid=", "--ppid", String(server.child.pid)], { encoding: "utf8" })
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    process.kill(Number(victim), "SIGKILL");
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain("starting a new one");
    await expect
      .poll(
        async () => {
          const text = (await get("http://127.0.0.1:4375/metrics")).body;
          return valueOf(parsePrometheusTextFormat(text) as Family[], "worker_restarts_total");
        },
        { timeout: 20_000 },
      )
      .toBe(1);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
