import crypto from "node:crypto";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { CLIENT, singleSignOnEnv, startDirectory } from "../oidc-provider";
import { openServerDatabase } from "../server-db";
import { spawnServer } from "../spawn-server";
import { DEMO, DEMO_PASSWORD } from "../support";

process.env.PIN_SECRET = "logs-pin-secret";
const { accessPinFor } = await import("../../app/modules/verification/pin.server");

/**
 * The server's logs (docs/decisions/0017) through a whole journey on a server of its own, at `debug`: a beneficiary
 * registers, resets their password from the mailed link, signs in on the site and through the API; a clerk signs in
 * with the staff directory (a real OpenID Connect provider); the client admin adds a webhook endpoint, whose
 * deliveries the sender then tries; a clerk issues a SecurePlus document through the API; a visitor opens it with its
 * PIN. Then every line is JSON, every request has one line with its id, and no password, token, secret, PIN, national
 * id or file content is anywhere in them.
 */
test("one JSON line per request with its id; no password, token, PIN, national id or file content in the logs", async ({
  browser,
}) => {
  test.skip(
    Boolean(process.env.POSTGRES_ADMIN_URL),
    "what the server logs does not depend on the database: the SQLite run checks it",
  );
  test.setTimeout(120_000);
  const directory = await startDirectory(4407, "http://127.0.0.1:4373/login/sso/callback", [{ email: DEMO.CLERK }]);
  const server = await spawnServer(4373, {
    DEMO_DATA: "on",
    WEB_CONCURRENCY: "2",
    LOG_LEVEL: "debug",
    TRUST_PROXY: "1",
    PIN_SECRET: "logs-pin-secret",
    // Nothing listens there: mails wait in the outbox, where the test reads the reset link.
    SMTP_URL: "smtp://127.0.0.1:9",
    ...singleSignOnEnv(directory.issuer),
    WEBHOOK_FIRST_RETRY_SECONDS: "0.5",
  });
  const db = await openServerDatabase(server.databaseUrl, { readonly: true });
  const secrets: Record<string, string> = { oidcClientSecret: CLIENT.secret };
  try {
    const site = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
    const email = `logs-${Date.now()}@example.com`;
    secrets.nationalId = String(10_000_000_000 + crypto.randomInt(89_999_999_999));
    secrets.firstPassword = `First-${crypto.randomBytes(6).toString("hex")}`;
    const registered = await site.post("/register", {
      form: {
        "firstName.english": "Lina",
        "firstName.arabic": "لينا",
        "fatherName.english": "Kamal",
        "fatherName.arabic": "كمال",
        "lastName.english": "Saeed",
        "lastName.arabic": "سعيد",
        email,
        phone: "0790000000",
        nin: secrets.nationalId,
        password: secrets.firstPassword,
        confirmPassword: secrets.firstPassword,
      },
      maxRedirects: 0,
    });
    expect(registered.status()).toBe(302);

    // The reset link, from the outbox (the mail server is down), then a new password.
    // Signed out (a fresh context), the password is forgotten.
    const guest = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
    expect((await guest.post("/forgot-password", { form: { email }, maxRedirects: 0 })).status()).toBeLessThan(400);
    await expect
      .poll(
        async () => (await db.get<{ body: string }>("SELECT body FROM email_outbox WHERE to_address = ?", email))?.body,
      )
      .toMatch(/token=/);
    const mail = (await db.get<{ body: string }>(
      "SELECT body FROM email_outbox WHERE to_address = ? ORDER BY id DESC",
      email,
    ))!;
    secrets.resetToken = /token=([\w-]+)/.exec(mail.body)![1];
    secrets.newPassword = `Second-${crypto.randomBytes(6).toString("hex")}`;
    const reset = await guest.post("/reset-password", {
      form: { token: secrets.resetToken, password: secrets.newPassword, confirmPassword: secrets.newPassword },
      maxRedirects: 0,
    });
    expect(reset.status()).toBe(302);

    // A request id a trusted proxy gives is kept: answered in a header, and written on the sign-in's audit event.
    const traced = await site.post("/login", {
      form: { email, password: secrets.newPassword },
      headers: { "X-Request-Id": "proxy-trace-0001" },
      maxRedirects: 0,
    });
    expect(traced.status()).toBe(302);
    expect(traced.headers()["x-request-id"]).toBe("proxy-trace-0001");
    expect(
      await db.get("SELECT id FROM audit_events WHERE action = 'auth.sign_in' AND request_id = ?", "proxy-trace-0001"),
    ).toBeDefined();
    // Without METRICS_TOKEN there is no /metrics on the service's port.
    expect((await site.get("/metrics")).status()).toBe(404);
    // A page that is not found quotes its request's id, which the log line has too.
    const missing = await site.get("/beneficiary/request-document/999999");
    expect(missing.status()).toBe(404);
    const missingId = missing.headers()["x-request-id"];
    expect(missingId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await missing.text()).toContain(missingId);

    // A clerk signs in with the staff directory: the authorization code and the session are secrets too.
    const sso = await browser.newContext();
    const staffPage = await sso.newPage();
    staffPage.on("request", (sent) => {
      const code = /\/login\/sso\/callback\?.*\bcode=([^&]+)/.exec(sent.url())?.[1];
      if (code) secrets.authorizationCode = decodeURIComponent(code);
    });
    await staffPage.goto(`${server.url}/login?lng=en`);
    await staffPage.getByTestId("single-sign-on").click();
    await expect(staffPage).toHaveURL(new RegExp(`^${directory.issuer}/interaction/`));
    await staffPage.getByLabel("Email").fill(DEMO.CLERK);
    await staffPage.getByRole("button", { name: "Continue" }).click();
    await expect(staffPage).toHaveURL(`${server.url}/clerks/dashboard`);
    expect(secrets.authorizationCode).toBeTruthy();
    for (const cookie of await sso.cookies(server.url)) secrets[`cookie ${cookie.name}`] = cookie.value;
    await sso.close();

    // The client admin adds a webhook endpoint: its secret is shown once, and its deliveries are tried (and fail).
    const admin = await playwrightRequest.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
    expect(
      (
        await admin.post("/login", { form: { email: DEMO.CLIENT_ADMIN, password: DEMO_PASSWORD }, maxRedirects: 0 })
      ).status(),
    ).toBe(302);
    // A name that does not resolve: each delivery fails at once and is tried again.
    const added = await admin.post("/client-admin/webhooks", {
      data: new URLSearchParams([
        ["url", "https://hooks.example.invalid/logs"],
        ["events", "request.status_changed"],
        ["events", "document.issued"],
      ]).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(added.status()).toBe(200);
    secrets.webhookSecret = /data-testid="webhook-secret"[^>]*>(whsec_[A-Za-z0-9+/=]+)</.exec(await added.text())![1];
    await admin.dispose();

    // Through the API: the beneficiary's tokens, and the clerk's SecurePlus document with a recognisable content.
    const api = async (path: string, body: unknown, token?: string, method = "POST") => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      expect(response.status, path).toBeLessThan(300);
      return (await response.json()) as { data: Record<string, never> };
    };
    const mine = (await api("/api/auth/login", { email, password: secrets.newPassword })).data.tokens as {
      accessToken: string;
      refreshToken: string;
    };
    secrets.accessToken = mine.accessToken;
    secrets.refreshToken = mine.refreshToken;
    const clerk = (await api("/api/auth/login", { email: DEMO.CLERK, password: DEMO_PASSWORD })).data.tokens as {
      accessToken: string;
    };
    secrets.demoPassword = DEMO_PASSWORD;
    secrets.clerkToken = clerk.accessToken;
    const pending = (await db.get<{ id: number }>(
      "SELECT r.id FROM document_requests r JOIN clients c ON c.id = r.client_id WHERE r.status = 'PENDING' AND c.name_en = 'Demo University' ORDER BY r.id",
    ))!;
    secrets.fileContent = `Confidential-${crypto.randomBytes(8).toString("hex")}`;
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText(secrets.fileContent, { x: 50, y: 700 });
    pdf.setTitle(secrets.fileContent);
    const base64Data = Buffer.from(await pdf.save({ useObjectStreams: false })).toString("base64");
    await api(
      "/api/document-requests/update-status",
      { requestId: pending.id, status: "APPROVED", securePlusEnabled: true, note: { english: "Checked." } },
      clerk.accessToken,
      "PUT",
    );
    const issued = await api(
      "/api/document-requests/issue-document",
      {
        requestId: pending.id,
        documentName: { english: "Certificate", arabic: "شهادة" },
        expirationDate: "2099-12-31",
        securePlusEnabled: true,
        base64Data,
      },
      clerk.accessToken,
      "PUT",
    );
    const code = (issued.data.issuedDocument as { verificationCode: string }).verificationCode;
    secrets.pin = accessPinFor(code);
    const opened = await fetch(`${server.url}/verify/${code}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: `pin=${secrets.pin}`,
    });
    expect(opened.status).toBe(200);
    // The sender has tried the issued document's delivery at least twice by now.
    await expect
      .poll(
        async () =>
          (await db.get<{ attempts: number }>("SELECT MAX(attempts) AS attempts FROM webhook_deliveries"))?.attempts,
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThanOrEqual(2);
    await site.dispose();
    await guest.dispose();
  } finally {
    await db.close();
    server.child.kill("SIGTERM");
    await server.exited;
    await directory.close();
  }

  const lines = server
    .output()
    .split("\n")
    .filter((line) => line.trim() !== "");
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const requests = entries.filter((entry) => entry.msg === "request");
  expect(requests.length).toBeGreaterThan(10);
  for (const entry of requests) {
    expect(Object.keys(entry)).toEqual(
      expect.arrayContaining(["time", "level", "requestId", "method", "route", "status", "ms", "userId"]),
    );
    expect(String(entry.route)).not.toMatch(/[/?=]{2}|\?|token/);
  }
  expect(requests.find((entry) => entry.requestId === "proxy-trace-0001")).toMatchObject({
    method: "POST",
    route: "/login",
    status: 302,
  });
  expect(requests.some((entry) => typeof entry.userId === "number")).toBe(true);
  const log = lines.join("\n");
  for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `${name} in the logs`).toBe(false);
});
