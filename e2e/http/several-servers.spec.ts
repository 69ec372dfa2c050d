import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { openServerDatabase } from "../server-db";
import { startS3 } from "../s3-store";
import { freshServerDatabase, spawnServer } from "../spawn-server";
import { DEMO, DEMO_PASSWORD, OTHER_CLIENT, sessionOf } from "../support";

// Two app servers behind one (imagined) load balancer, sharing one PostgreSQL database and one S3-compatible store,
// and no disk: each has its own data directory (docs/architecture.md §19, docs/decisions/0026). Only on the
// PostgreSQL run: SQLite is one machine's database.
test.skip(!process.env.POSTGRES_ADMIN_URL, "runs on PostgreSQL (scripts/e2e.mjs runs the http project there too)");

const S3_PORT = 4440;
const S3_DIRECTORY = "e2e/.tmp/several-servers-s3";
// TRUST_PROXY: as behind the load balancer, the client's address is X-Forwarded-For's (the rate-limit test has its own).
const settings = {
  DEMO_DATA: "on",
  WEB_CONCURRENCY: "1",
  AUTH_RATE_LIMIT: "4",
  PIN_SECRET: "several",
  SIGNING_KEY_SECRET: "several-signing",
  SESSION_SECRET: "several-servers",
  TRUST_PROXY: "1",
};
type Server = Awaited<ReturnType<typeof spawnServer>>;
let one: Server;
let two: Server;
let store: Awaited<ReturnType<typeof startS3>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fs.rmSync(S3_DIRECTORY, { recursive: true, force: true });
  store = await startS3(S3_PORT, S3_DIRECTORY);
  const databaseUrl = await freshServerDatabase("e2e_several", "e2e/.tmp/several-servers");
  // Started together on an empty database: one migrates and seeds under the start-up lock, the other waits and finds it done.
  [one, two] = await Promise.all(
    [4398, 4399].map((port) => spawnServer(port, { ...settings, ...store.settings("deployment/") }, { databaseUrl })),
  );
});

test.afterAll(async () => {
  for (const server of [one, two]) {
    server?.child.kill("SIGTERM");
    await server?.exited;
  }
  await store?.stop().catch(() => undefined);
});

const form = (server: Server, cookie = "", from = "10.7.0.1") => ({
  "Content-Type": "application/x-www-form-urlencoded",
  Origin: server.url,
  "Accept-Language": "en",
  "X-Forwarded-For": from,
  ...(cookie ? { Cookie: cookie } : {}),
});

async function signIn(server: Server, email: string, password = DEMO_PASSWORD, from?: string) {
  const response = await fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: form(server, "", from),
    body: `email=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
  });
  return { status: response.status, cookie: sessionOf(response) };
}

test("started together on one empty database, exactly one server migrates and seeds it", async () => {
  const seeded = [one, two].filter((server) => server.output().includes("Demo data seeded into an empty database."));
  expect(seeded).toHaveLength(1);
  const db = await openServerDatabase(one.databaseUrl);
  expect(await db.get("SELECT count(*) AS n FROM users WHERE email = ?", DEMO.SUPER_ADMIN)).toEqual({ n: 1 });
  expect((await db.all("SELECT name FROM kysely_migration")).length).toBeGreaterThanOrEqual(6);
  await db.close();
});

test("signed in on one server, a user is signed in on the other; signed out on the other, on neither", async () => {
  const { status, cookie } = await signIn(one, DEMO.CLERK);
  expect(status).toBe(302);
  const onTwo = await fetch(`${two.url}/clerks/dashboard`, {
    headers: { Cookie: cookie!, "Accept-Language": "en" },
    redirect: "manual",
  });
  expect(onTwo.status).toBe(200);
  expect(await onTwo.text()).toContain("clerk@example.com");
  expect(
    (await fetch(`${two.url}/logout`, { method: "POST", headers: form(two, cookie), redirect: "manual" })).status,
  ).toBe(302);
  expect(
    (await fetch(`${one.url}/clerks/dashboard`, { headers: { Cookie: cookie! }, redirect: "manual" })).headers.get(
      "Location",
    ),
  ).toMatch(/^\/login/);
});

test("a sign-in rate limit counted on one server holds on the other", async () => {
  const email = DEMO.BENEFICIARY;
  const from = "10.7.9.9";
  for (const server of [one, two, one, two])
    expect((await signIn(server, email, "wrong-password", from)).status).toBe(400);
  for (const server of [one, two]) {
    const refused = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: form(server, "", from),
      body: `email=${encodeURIComponent(email)}&password=wrong-password`,
    });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many");
  }
});

/** The API as the other client's clerk, signed in on one server: a call to either server with their token. */
async function clerkApi() {
  const login = await fetch(`${one.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: OTHER_CLIENT.CLERK, password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
  return (server: Server, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** Approves one of the clerk's pending requests and issues it a one-page PDF: the API's answer. */
async function approveAndIssue(api: Awaited<ReturnType<typeof clerkApi>>, approveOn: Server, issueOn: Server) {
  const list = (await (await api(approveOn, "GET", "/api/document-requests?size=100")).json()) as {
    data: { items: { id: number; status: string }[] };
  };
  const pending = list.data.items.find((item) => item.status === "PENDING")!;
  expect(pending).toBeDefined();
  const approval = {
    requestId: pending.id,
    status: "APPROVED",
    securePlusEnabled: false,
    note: { english: "Checked." },
  };
  expect((await api(approveOn, "PUT", "/api/document-requests/update-status", approval)).status).toBe(200);
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText("Work permit");
  const issued = await api(issueOn, "PUT", "/api/document-requests/issue-document", {
    requestId: pending.id,
    documentName: { english: "Work permit", arabic: "تصريح عمل" },
    expirationDate: "2099-12-31",
    securePlusEnabled: false,
    base64Data: Buffer.from(await pdf.save()).toString("base64"),
  });
  return { issued, requestId: pending.id };
}

test("a document issued on one server verifies on the other, and its stored file is served by either", async () => {
  const api = await clerkApi();
  const { issued } = await approveAndIssue(api, two, one);
  expect(issued.status).toBe(201);
  const { verificationCode } = ((await issued.json()) as { data: { issuedDocument: { verificationCode: string } } })
    .data.issuedDocument;

  const verified = await fetch(`${two.url}/verify/${verificationCode}`, { headers: { "Accept-Language": "en" } });
  expect(verified.status).toBe(200);
  expect(await verified.text()).toContain("Valid");

  const db = await openServerDatabase(one.databaseUrl);
  const document = (await db.get<{ file_id: number; document_hash: string }>(
    "SELECT file_id, document_hash FROM issued_documents WHERE verification_code = ?",
    verificationCode,
  ))!;
  expect(
    await db.get(
      "SELECT count(*) AS n FROM verification_events WHERE issued_document_id = (SELECT id FROM issued_documents WHERE verification_code = ?)",
      verificationCode,
    ),
  ).toEqual({ n: 1 });
  await db.close();
  const { cookie } = await signIn(one, OTHER_CLIENT.CLERK);
  for (const server of [one, two]) {
    const file = await fetch(`${server.url}/files/${document.file_id}`, { headers: { Cookie: cookie! } });
    expect(file.status).toBe(200);
    expect(
      crypto
        .createHash("sha256")
        .update(Buffer.from(await file.arrayBuffer()))
        .digest("hex"),
    ).toBe(document.document_hash);
  }
  // Every byte is in the bucket: neither server wrote a file under its own data directory.
  for (const server of [one, two]) expect(fs.existsSync(`${server.dataDir}/files`)).toBe(false);
  expect(fs.readdirSync(`${S3_DIRECTORY}/files`).length).toBeGreaterThan(0);
});

test("with the store stopped, a file answers the outage page and the rest works; started again, the file is served", async () => {
  const db = await openServerDatabase(one.databaseUrl);
  const file = (await db.get<{ id: number; sha256: string }>(
    "SELECT f.id, f.sha256 FROM files f JOIN issued_documents d ON d.file_id = f.id ORDER BY f.id LIMIT 1",
  ))!;
  const filesBefore = await db.get<{ n: number }>("SELECT count(*) AS n FROM files");
  const { cookie } = await signIn(one, DEMO.SUPER_ADMIN);
  const fileOf = (server: Server) =>
    fetch(`${server.url}/files/${file.id}`, { headers: { Cookie: cookie!, "Accept-Language": "en" } });
  await store.stop();
  try {
    const refused = await fileOf(two);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBeTruthy();
    const page = await refused.text();
    expect(page).toContain("The service is unavailable for a moment");
    expect(page).toContain(refused.headers.get("X-Request-Id")!);
    // Pages that need no file still answer, and /healthz names the store while its status stays the database's.
    expect((await fetch(`${one.url}/verify`)).status).toBe(200);
    await expect
      .poll(
        async () => {
          const health = await fetch(`${one.url}/healthz`);
          return [health.status, ((await health.json()) as { fileStore?: string }).fileStore];
        },
        { timeout: 30_000 },
      )
      .toEqual([200, "unavailable"]);
    // Issuing while the store is away is refused with 503 and writes nothing: no file row, the request unchanged.
    const { issued, requestId } = await approveAndIssue(await clerkApi(), one, one);
    expect(issued.status).toBe(503);
    expect(await db.get("SELECT status FROM document_requests WHERE id = ?", requestId)).toEqual({
      status: "APPROVED",
    });
    expect(await db.get("SELECT count(*) AS n FROM files")).toEqual(filesBefore);
  } finally {
    store = await startS3(S3_PORT, S3_DIRECTORY);
  }
  const served = await fileOf(one);
  expect(served.status).toBe(200);
  expect(
    crypto
      .createHash("sha256")
      .update(Buffer.from(await served.arrayBuffer()))
      .digest("hex"),
  ).toBe(file.sha256);
  await db.close();
});

test("on PostgreSQL a server will not start without the secrets every server must share", async () => {
  const { spawnSync } = await import("node:child_process");
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "4388",
    DATABASE_URL: one.databaseUrl,
    ...store.settings("deployment/"),
    SESSION_SECRET: "",
    PIN_SECRET: "",
    SIGNING_KEY_SECRET: "",
  };
  const started = spawnSync(process.execPath, ["server.js"], { env, encoding: "utf8", timeout: 30_000 });
  expect(started.status).toBe(1);
  // The logger writes every line, this one too, as JSON on stdout (docs/decisions/0017).
  expect(started.stdout).toContain(
    "Cannot start: On PostgreSQL every server must share its secrets: set SESSION_SECRET, PIN_SECRET and SIGNING_KEY_SECRET",
  );
});
