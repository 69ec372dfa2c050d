import dns from "node:dns/promises";
import http from "node:http";
import os from "node:os";
import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { Webhook } from "standardwebhooks";
import { isPrivateAddress } from "../../app/modules/webhooks/addresses";
import { openServerDatabase, type ServerDatabase } from "../server-db";
import { serverForFile, spawnServer } from "../spawn-server";
import { DEMO, DEMO_PASSWORD } from "../support";

/**
 * Webhooks end to end: a client admin adds an endpoint through the page's form, a receiver on 127.0.0.1 checks
 * every signature with the `standardwebhooks` package, is stopped and started again, and gets every event; an
 * endpoint that never answers is turned off and its admins told. Retries are fast here (WEBHOOK_FIRST_RETRY_SECONDS)
 * and "failing too long" is seconds (WEBHOOK_DISABLE_AFTER_HOURS); NODE_ENV=test lets http://127.0.0.1 in.
 */
const PORT = 4404;
const RECEIVER_PORT = 4405;
const DEAD_PORT = 4406;
const PRIVATE_PORT = 4408;
const form = "application/x-www-form-urlencoded";
const server = serverForFile(PORT, {
  NODE_ENV: "test",
  DEMO_DATA: "on",
  WEB_CONCURRENCY: "1",
  WEBHOOK_FIRST_RETRY_SECONDS: "0.5",
  WEBHOOK_DISABLE_AFTER_HOURS: "0.0015",
});
let db: ServerDatabase;

/** A receiver as a customer would write one: it checks the signature and keeps each webhook-id once. */
function receiver(secret: () => string) {
  const received = new Map<string, { type: string; data: Record<string, unknown> }>();
  let duplicates = 0;
  let refused = 0;
  let listening: http.Server | null = null;
  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    try {
      const payload = new Webhook(secret()).verify(body, request.headers as Record<string, string>) as {
        type: string;
        data: Record<string, unknown>;
      };
      const id = String(request.headers["webhook-id"]);
      if (received.has(id)) duplicates++;
      else received.set(id, payload);
      response.statusCode = 204;
    } catch {
      refused++;
      response.statusCode = 400;
    }
    response.end();
  };
  return {
    received,
    duplicates: () => duplicates,
    refused: () => refused,
    start: () =>
      new Promise<void>((resolve) => {
        listening = http.createServer((request, response) => void handle(request, response));
        listening.listen(RECEIVER_PORT, "127.0.0.1", resolve);
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        listening?.closeAllConnections();
        listening?.close(() => resolve());
      }),
  };
}

async function cookieOf(email: string, base = server.url) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": form, Origin: base },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(302);
  return cookiesOf(response);
}

/** The cookies a response leaves, the last value of each name (a sign-in clears the old session, then sets one). */
const cookiesOf = (response: Response, before = "") => {
  const jar = new Map(before ? before.split("; ").map((pair) => [pair.split("=")[0], pair] as const) : []);
  for (const line of response.headers.getSetCookie()) jar.set(line.split("=")[0], line.split(";")[0]);
  return [...jar.values()].filter((pair) => !pair.endsWith("=")).join("; ");
};

/** A post from the page's form, as a browser without JS sends it. */
const post = (path: string, cookie: string, fields: [string, string][], base = server.url) =>
  fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": form, Origin: base, Cookie: cookie },
    body: new URLSearchParams(fields),
  });

async function apiToken(email: string, base = server.url) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await response.json()) as { data: { tokens: { accessToken: string } } }).data.tokens.accessToken;
}

async function api(method: string, path: string, token: string, body: unknown, base = server.url) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: Record<string, unknown> };
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer.data;
}

test.beforeAll(async () => {
  db = await openServerDatabase(server.databaseUrl);
});
test.afterAll(async () => {
  await db?.close();
});

test("every event reaches a receiver that was down for a while, signed, once; a dead endpoint is turned off and its admins told", async () => {
  test.setTimeout(120_000);
  const admin = await cookieOf(DEMO.CLIENT_ADMIN);
  // A plain-http address elsewhere than 127.0.0.1 is refused, in the page's language; nothing is written.
  const refused = await post("/client-admin/webhooks", admin, [
    ["url", "http://example.org/hook"],
    ["events", "request.created"],
  ]);
  expect(refused.status, refused.headers.get("location") ?? "").toBe(400);
  expect(await refused.text()).toContain("https://");
  expect(await db.get("SELECT id FROM webhook_endpoints")).toBeUndefined();

  // The endpoint, for every event; its secret is on the page it lands on, once.
  const added = await post("/client-admin/webhooks", admin, [
    ["url", `http://127.0.0.1:${RECEIVER_PORT}/hooks`],
    ...["request.created", "request.status_changed", "document.issued", "document.revoked", "attestation.decided"].map(
      (event): [string, string] => ["events", event],
    ),
  ]);
  expect(added.status).toBe(302);
  const page = added.headers.get("location")!;
  const once = cookiesOf(added, admin);
  const html = await (await fetch(`${server.url}${page}`, { headers: { Cookie: once } })).text();
  const secret = /data-testid="webhook-secret"[^>]*>(whsec_[A-Za-z0-9+/=]+)</.exec(html)?.[1];
  expect(secret).toBeTruthy();
  const again = await (await fetch(`${server.url}${page}`, { headers: { Cookie: admin } })).text();
  expect(again).not.toContain(secret!);
  // A second endpoint that never answers.
  const dead = await post("/client-admin/webhooks", admin, [
    ["url", `http://127.0.0.1:${DEAD_PORT}/hooks`],
    ["events", "request.created"],
  ]);
  expect(dead.status).toBe(302);

  const hooks = receiver(() => secret!);
  await hooks.start();
  // The beneficiary asks (request created) while the receiver is up.
  const beneficiary = await apiToken(DEMO.BENEFICIARY);
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText("Identity card");
  const base64Data = Buffer.from(await pdf.save()).toString("base64");
  const created = await api("POST", "/api/document-requests/beneficiary", beneficiary, {
    clientId: 1,
    documentCategoryId: 1,
    requestMessage: "For the webhooks test.",
    securePlusEnabled: false,
    filledFields: [
      { fieldName: "student_number", fieldValue: "20190042" },
      { fieldName: "graduation_date", fieldValue: "2023-06-30" },
    ],
    supportingDocuments: [{ supportingDocumentTypeId: 1, documentName: "national-id.pdf", base64Data }],
  });
  const requestId = Number(created.id);
  await expect.poll(() => hooks.received.size, { timeout: 10_000 }).toBe(1);

  // Down: the clerk approves and issues meanwhile; the deliveries wait and are tried again.
  await hooks.stop();
  const clerk = await apiToken(DEMO.CLERK);
  await api("PUT", "/api/document-requests/update-status", clerk, {
    requestId,
    status: "APPROVED",
    securePlusEnabled: false,
    note: { english: "Checked." },
  });
  await api("PUT", "/api/document-requests/issue-document", clerk, {
    requestId,
    documentName: { english: "Graduation certificate", arabic: "شهادة تخرج" },
    expirationDate: "2099-12-31",
    securePlusEnabled: false,
    base64Data,
  });
  // Both deliveries made while it was down have failed at least once before it comes back (not merely queued: a
  // delivery first tried after the restart would arrive on its first attempt).
  await expect
    .poll(
      async () =>
        Number(
          (await db.get<{ n: number }>(
            "SELECT count(*) AS n FROM webhook_deliveries WHERE attempts > 0 AND status = 'PENDING' AND endpoint_id = 1",
          ))!.n,
        ),
      { timeout: 10_000 },
    )
    .toBe(2);
  await hooks.start();

  // Every delivery of the endpoint arrives, each once, each with a good signature.
  const expected = await db.all<{ message_id: string; event_type: string }>(
    "SELECT message_id, event_type FROM webhook_deliveries WHERE endpoint_id = 1 ORDER BY id",
  );
  expect(expected.map((row) => row.event_type)).toEqual([
    "request.created",
    "request.status_changed",
    "document.issued",
  ]);
  await expect.poll(() => hooks.received.size, { timeout: 20_000 }).toBe(3);
  expect([...hooks.received.keys()].sort()).toEqual(expected.map((row) => row.message_id).sort());
  expect(hooks.refused()).toBe(0);
  const issued = [...hooks.received.values()].find((event) => event.type === "document.issued")!;
  expect(issued.data).toMatchObject({ clientId: 1, requestId });
  expect(String(issued.data.verificationUrl)).toMatch(new RegExp(`^${server.url}/verify/[A-Z0-9]{16}$`));
  const retried = await db.get<{ attempts: number; last_status: number }>(
    "SELECT attempts, last_status FROM webhook_deliveries WHERE endpoint_id = 1 AND event_type = 'document.issued'",
  );
  expect(Number(retried!.attempts)).toBeGreaterThan(1);
  expect(Number(retried!.last_status)).toBe(204);

  // "Send again": the same message, the same id; the receiver counts it as a duplicate.
  const first = (await db.get<{ id: number }>(
    "SELECT id FROM webhook_deliveries WHERE endpoint_id = 1 ORDER BY id LIMIT 1",
  ))!;
  const resend = await post(page, admin, [
    ["intent", "resend"],
    ["deliveryId", String(first.id)],
  ]);
  expect(resend.status).toBe(302);
  await expect.poll(() => hooks.duplicates(), { timeout: 10_000 }).toBe(1);
  expect(hooks.received.size).toBe(3);
  // The resent delivery is written delivered a moment after the receiver counts it: the log is read until it says so.
  const readLog = async () => (await fetch(`${server.url}${page}`, { headers: { Cookie: admin } })).text();
  await expect.poll(async () => (await readLog()).match(/Delivered|وصل/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
  expect(await readLog()).toContain('data-testid="webhook-deliveries"');
  // The log is paged: the second page of two a page holds the oldest, and "Send again" there comes back to it.
  const secondPage = await (
    await fetch(`${server.url}${page}?size=2&page=1&lng=en`, { headers: { Cookie: admin } })
  ).text();
  expect(secondPage).toContain("In all: 3");
  expect(secondPage.match(/name="deliveryId"/g)).toHaveLength(1);
  expect(secondPage).toContain(`name="deliveryId" value="${first.id}"`);
  expect(secondPage).toContain('rel="prev"');
  // Its forms post back to the page they are on (a browser without JS posts to the form's action).
  expect(secondPage).toContain(
    `<form class="ms-auto" data-discover="true" action="${page}?size=2&amp;page=1&amp;lng=en"`,
  );
  const fromSecondPage = await post(`${page}?size=2&page=1`, admin, [
    ["intent", "resend"],
    ["deliveryId", String(first.id)],
  ]);
  expect(fromSecondPage.headers.get("location")).toBe(`${page}?page=1&size=2`);
  await expect.poll(() => hooks.duplicates(), { timeout: 10_000 }).toBe(2);

  // The endpoint that never answered is off, and the organisation's admins are told in-app and by mail.
  await expect
    .poll(async () => (await db.get<{ status: string }>("SELECT status FROM webhook_endpoints WHERE id = 2"))!.status, {
      timeout: 20_000,
    })
    .toBe("DISABLED");
  const told = await db.get<{ n: number }>(
    "SELECT count(*) AS n FROM notifications JOIN users ON users.id = notifications.user_id WHERE users.email = ? AND notifications.kind = 'webhookDisabled'",
    DEMO.CLIENT_ADMIN,
  );
  expect(Number(told!.n)).toBe(1);
  expect(
    await db.get(
      "SELECT id FROM email_outbox WHERE to_address = ? AND LOWER(subject) LIKE '%webhook%'",
      DEMO.CLIENT_ADMIN,
    ),
  ).toBeTruthy();
  await hooks.stop();
});

test("another organisation's admin cannot open, switch or delete the endpoint", async () => {
  // Its own endpoint: after a failed test Playwright starts a new worker, and with it a new server and database.
  const admin = await cookieOf(DEMO.CLIENT_ADMIN);
  const added = await post("/client-admin/webhooks", admin, [
    ["url", `https://hooks.example.org/other-admin`],
    ["events", "document.issued"],
  ]);
  expect(added.status).toBe(302);
  const page = new URL(added.headers.get("location")!, server.url).pathname;
  const id = Number(/\/client-admin\/webhooks\/(\d+)$/.exec(page)?.[1]);
  expect(id).toBeGreaterThan(0);
  const other = await cookieOf("clientadmin2@example.com");
  expect((await fetch(`${server.url}${page}`, { headers: { Cookie: other } })).status).toBe(404);
  expect((await post(page, other, [["intent", "disable"]])).status).toBe(404);
  expect((await post(page, other, [["intent", "delete"]])).status).toBe(404);
  const clerk = await cookieOf(DEMO.CLERK);
  expect((await fetch(`${server.url}/client-admin/webhooks`, { headers: { Cookie: clerk } })).status).toBe(403);
  expect(await db.get<{ status: string }>("SELECT status FROM webhook_endpoints WHERE id = ?", id)).toMatchObject({
    status: "ACTIVE",
  });
});

test("in production a webhook does not reach a private network: an address written out is refused, a name that resolves to one is not sent", async () => {
  test.setTimeout(90_000);
  const machine = os.hostname();
  const resolved = await dns.lookup(machine).catch(() => null);
  test.skip(
    !resolved || isPrivateAddress(resolved.address) !== true,
    `this machine's name (${machine}) does not resolve to a private address`,
  );
  // A production server with the defaults: private networks refused.
  const production = await spawnServer(PRIVATE_PORT, {
    DEMO_DATA: "on",
    WEB_CONCURRENCY: "1",
    WEBHOOK_FIRST_RETRY_SECONDS: "0.5",
  });
  const productionDb = await openServerDatabase(production.databaseUrl, { readonly: true });
  try {
    const admin = await cookieOf(DEMO.CLIENT_ADMIN, production.url);
    for (const url of [
      `https://127.0.0.1:${RECEIVER_PORT}/hooks`,
      "https://169.254.169.254/latest/meta-data",
      "https://[::1]/hooks",
    ]) {
      const refused = await post(
        "/client-admin/webhooks?lng=en",
        admin,
        [
          ["url", url],
          ["events", "request.status_changed"],
        ],
        production.url,
      );
      expect(refused.status, url).toBe(400);
      expect(await refused.text()).toContain("This address is on a private network.");
    }
    expect(await productionDb.get("SELECT id FROM webhook_endpoints")).toBeUndefined();

    // A name is taken (it may resolve elsewhere tomorrow), and checked on the connection itself.
    const added = await post(
      "/client-admin/webhooks",
      admin,
      [
        ["url", `https://${machine}:${RECEIVER_PORT}/hooks`],
        ["events", "request.status_changed"],
      ],
      production.url,
    );
    expect(added.status).toBe(302);
    const page = added.headers.get("location")!;
    const pending = (await productionDb.get<{ id: number }>(
      "SELECT r.id FROM document_requests r JOIN clients c ON c.id = r.client_id WHERE r.status = 'PENDING' AND c.name_en = 'Demo University' ORDER BY r.id",
    ))!;
    await api(
      "PUT",
      "/api/document-requests/update-status",
      await apiToken(DEMO.CLERK, production.url),
      { requestId: pending.id, status: "APPROVED", securePlusEnabled: false, note: { english: "Checked." } },
      production.url,
    );
    await expect
      .poll(
        async () =>
          (await productionDb.get<{ last_error: string | null }>("SELECT last_error FROM webhook_deliveries"))
            ?.last_error,
        {
          timeout: 10_000,
        },
      )
      .toBe("PRIVATE_ADDRESS");
    // The endpoint's page says why, in the reader's language.
    const log = await (await fetch(`${production.url}${page}?lng=ar`, { headers: { Cookie: admin } })).text();
    expect(log).toContain("لم يُرسل: العنوان يؤدي إلى شبكة خاصة.");
  } finally {
    await productionDb.close();
    production.child.kill("SIGTERM");
    await production.exited;
  }
});
