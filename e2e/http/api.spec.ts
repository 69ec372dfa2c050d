import { expect, test } from "@playwright/test";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import http from "node:http";
import { PDFDocument } from "pdf-lib";
import { capabilitiesOf, type Capability } from "../../app/modules/access";
import { openServerDatabase } from "../server-db";
import { serverForFile } from "../spawn-server";
import { DEMO, DEMO_PASSWORD, sessionCookieAt, EMAIL_OF, ROLE_OF, type Who } from "../support";

/**
 * The JSON API over HTTP against a production server of its own (its examples change the demo data): the
 * OpenAPI document's every operation called with its example, the API's authorization matrix (every
 * operation as anonymous, each role, and another client's staff), the error shapes, and a clerk's journey.
 */
test.describe.configure({ mode: "serial" });

const PORT = 4396;
const ALLOWED_ORIGIN = "https://app.example.org";
const server = serverForFile(PORT, {
  DEMO_DATA: "on",
  TRUST_PROXY: "1",
  PIN_SECRET: "api",
  SIGNING_KEY_SECRET: "api-signing",
  API_CORS_ORIGINS: ALLOWED_ORIGIN,
});

interface Documented {
  operationId: string;
  method: string;
  path: string;
  parameters?: { name: string; in: "path" | "query"; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content: { "application/json": { schema: object } } }>;
  "x-capabilities"?: Capability[];
  "x-example-caller": string;
  security?: unknown[];
}
let operations: Documented[] = [];
/** A valid document's code: the verification calls' examples are written with a code no document has. */
let validCode = "";
let ajv: Ajv2020;

// Each call from an address of its own (the server trusts X-Forwarded-For here), so the sign-in limit per
// address stays out of the way; the limit per account is kept (each account signs in a few times only).
let address = 0;
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

interface Answer {
  status: number;
  headers: Headers;
  json: {
    success: boolean;
    message?: { english: string; arabic: string };
    data?: unknown;
    error?: {
      code: string;
      message: { english: string; arabic: string };
      details?: { field: string; message: { english: string; arabic: string } }[];
    };
  };
  text: string;
}

async function call(
  method: string,
  path: string,
  options: {
    token?: string;
    query?: Record<string, unknown>;
    body?: unknown;
    raw?: BodyInit;
    headers?: Record<string, string>;
    from?: string;
  } = {},
): Promise<Answer> {
  const url = new URL(path, server.url);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { "X-Forwarded-For": options.from ?? nextAddress(), ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["Content-Type"] ??= "application/json";
  const response = await fetch(url, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let json: Answer["json"];
  try {
    json = JSON.parse(text) as Answer["json"];
  } catch {
    json = { success: false };
  }
  return { status: response.status, headers: response.headers, json, text };
}

/**
 * A body the server refuses before reading it: node:http shows the answer that comes while the body is
 * still being sent (fetch reports only the reset that follows it).
 */
function sendOversized(path: string, token: string, bytes: number) {
  return new Promise<Answer>((resolve, reject) => {
    const target = new URL(path, server.url);
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: {
          Authorization: `Bearer ${token}`,
          "Content-Type": "application/json",
          "Content-Length": bytes,
          "X-Forwarded-For": nextAddress(),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: new Headers(response.headers as Record<string, string>),
            json: JSON.parse(text) as Answer["json"],
            text,
          }),
        );
      },
    );
    request.on("error", (error) => (request.writableEnded ? undefined : reject(error)));
    request.end(Buffer.alloc(bytes, "x"));
  });
}

/** Every failure in the one shape: a code, the message in both languages. */
function expectFailure(answer: Answer, status: number, code: string) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(answer.json.success).toBe(false);
  expect(answer.json.error?.code).toBe(code);
  expect(answer.json.error?.message.english).toMatch(/\w/);
  expect(answer.json.error?.message.arabic).toMatch(/[\u0600-\u06FF]/);
}

const CALLER_OF: Record<string, Exclude<Who, "anonymous">> = {
  superadmin: "SUPER_ADMIN",
  serviceadmin: "SERVICE_ADMIN",
  clientadmin: "CLIENT_ADMIN",
  clerk: "CLERK",
  beneficiary: "BENEFICIARY",
};
const capabilitiesOfWho = (who: Exclude<Who, "anonymous">) =>
  capabilitiesOf(ROLE_OF[who], {
    clientId: who.startsWith("OTHER_") ? 2 : 1,
    clientCanDoSincera: !who.startsWith("OTHER_"),
    clientCanDoAttestation: true,
    permissions: [],
    canDoAttestation: true,
  });

async function signIn(email: string) {
  const answer = await call("POST", "/api/auth/login", { body: { email, password: DEMO_PASSWORD } });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json.data as { tokens: { accessToken: string; refreshToken: string } }).tokens;
}
const tokens = new Map<Who, string>();
async function tokenOf(who: Exclude<Who, "anonymous">) {
  if (!tokens.has(who)) tokens.set(who, (await signIn(EMAIL_OF[who])).accessToken);
  return tokens.get(who)!;
}

/** The example of an operation as call options. */
function exampleOf(operation: Documented) {
  let path = operation.path;
  const query: Record<string, unknown> = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.example === undefined) continue;
    if (parameter.in === "path")
      path = path.replace(`{${parameter.name}}`, parameter.name === "code" ? validCode : String(parameter.example));
    else query[parameter.name] = parameter.example;
  }
  return { path, query, body: operation.requestBody?.content["application/json"]?.example };
}

function expectDocumentedAnswer(operation: Documented, answer: Answer) {
  const [status] = Object.keys(operation.responses).filter((code) => code.startsWith("2"));
  expect(answer.status, `${operation.operationId}: ${answer.text}`).toBe(Number(status));
  const validate = ajv.compile(
    JSON.parse(
      JSON.stringify(operation.responses[status].content["application/json"].schema).replaceAll(
        '"#/components/',
        '"openapi#/components/',
      ),
    ),
  );
  expect(validate(answer.json), `${operation.operationId}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

const serverDb = (readonly = true) => openServerDatabase(server.databaseUrl, { readonly });

test.beforeAll(async () => {
  const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Omit<Documented, "method" | "path">>>;
    components: object;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("base64", /^[A-Za-z0-9+/]*={0,2}$/);
  ajv.addSchema({ $id: "openapi", components: document.components });
  const db = await serverDb();
  validCode = (await db.get<{ code: string }>(
    "SELECT verification_code AS code FROM issued_documents WHERE status = 'VALID' AND secure_plus_enabled = 0 AND expiry_date > ? ORDER BY id",
    new Date().toISOString(),
  ))!.code;
  await db.close();
});

/** Operations whose example names nothing of a client: another client's staff get their own (or nothing). */
const UNSCOPED = new Set([
  "me",
  "logout",
  "listDocumentRequests",
  "listBeneficiaryRequests",
  "listDocumentCategories",
  "listRequiredFields",
  "createDocumentCategory",
]);
const WHO: Who[] = [
  "anonymous",
  "SUPER_ADMIN",
  "SERVICE_ADMIN",
  "CLIENT_ADMIN",
  "CLERK",
  "BENEFICIARY",
  "OTHER_CLERK",
  "OTHER_CLIENT_ADMIN",
];

test("authorization matrix of the API: every operation as anonymous and with a revoked or expired token (401), a role without its capability (403), another client's staff (404)", async () => {
  test.setTimeout(120_000);
  expect(operations.length).toBeGreaterThanOrEqual(31);
  const revoked = (await signIn(DEMO.SUPER_ADMIN)).accessToken;
  expect((await call("POST", "/api/auth/logout", { token: revoked })).status).toBe(200);
  const expired = (await signIn(DEMO.SUPER_ADMIN)).accessToken;
  const db = await serverDb(false);
  await db.run("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE kind = 'API' AND user_id = 1");
  await db.close();
  const failures: string[] = [];
  let checked = 0;
  for (const operation of operations.filter((entry) => !entry.security)) {
    const { path, query, body } = exampleOf(operation);
    for (const [name, token] of [
      ["revoked", revoked],
      ["expired", expired],
    ]) {
      const answer = await call(operation.method, path, { token, query, body });
      if (answer.status !== 401 || answer.json.error?.code !== "UNAUTHORIZED")
        failures.push(`${operation.operationId} with a ${name} token: ${answer.status}`);
    }
    for (const who of WHO) {
      const allowed =
        who !== "anonymous" &&
        operation["x-capabilities"]!.some((capability) => capabilitiesOfWho(who).has(capability));
      const otherClient = who.startsWith("OTHER_");
      let want: number;
      if (who === "anonymous") want = 401;
      else if (!allowed) want = 403;
      else if (otherClient && !UNSCOPED.has(operation.operationId)) want = 404;
      else if (operation.method === "GET") want = 200;
      else continue; // an allowed change: the examples test below makes it once, as its documented caller
      const token = who === "anonymous" ? undefined : await tokenOf(who);
      const answer = await call(operation.method, path, { token, query, body });
      checked++;
      const code = { 401: "UNAUTHORIZED", 403: "FORBIDDEN", 404: "NOT_FOUND", 200: "" }[want]!;
      if (answer.status !== want || (code && answer.json.error?.code !== code))
        failures.push(
          `${operation.operationId} as ${who}: ${answer.status} ${answer.text.slice(0, 120)}, want ${want}`,
        );
      // Another client's staff see nothing of Demo University in a list.
      if (want === 200 && otherClient && /Demo University|"documentCategoryId":[12],/.test(answer.text))
        failures.push(`${operation.operationId} as ${who} shows Demo University's data`);
    }
  }
  expect(failures).toEqual([]);
  expect(checked).toBeGreaterThan(150);
});

test("the same 404 body for another client's id and for an id that does not exist", async () => {
  const token = await tokenOf("OTHER_CLERK");
  const theirs = await call("GET", "/api/document-requests/1", { token });
  const missing = await call("GET", "/api/document-requests/999999", { token });
  expectFailure(theirs, 404, "NOT_FOUND");
  expect(theirs.text).toBe(missing.text);
});

test("every documented operation, called with its example as its documented caller, answers as documented", async () => {
  test.setTimeout(120_000);
  for (const operation of operations) {
    const caller = operation["x-example-caller"];
    const { path, query, body } = exampleOf(operation);
    let token: string | undefined;
    let example = body;
    if (caller !== "anonymous") {
      // Signing out and refreshing end the pair they are given: those two get a pair of their own.
      const own = ["logout", "refresh"].includes(operation.operationId)
        ? await signIn(EMAIL_OF[CALLER_OF[caller]])
        : null;
      token = own?.accessToken ?? (await tokenOf(CALLER_OF[caller]));
      if (own && body !== undefined)
        example = JSON.parse(JSON.stringify(body).replace('"{refreshToken}"', JSON.stringify(own.refreshToken)));
    }
    const answer = await call(operation.method, path, {
      token: operation.security ? undefined : token,
      query,
      body: example,
    });
    expectDocumentedAnswer(operation, answer);
    expect(answer.json.message?.arabic, operation.operationId).toMatch(/[\u0600-\u06FF]/);
  }
  // What the examples changed is in the database, with the audit trail of the screens.
  const db = await serverDb();
  expect(await db.all("SELECT status FROM document_requests WHERE id IN (5, 27) ORDER BY id")).toEqual([
    { status: "APPROVED" },
    { status: "REJECTED" },
  ]);
  expect(await db.get("SELECT count(*) AS n FROM document_requests WHERE id = 29")).toEqual({ n: 0 });
  expect(await db.get("SELECT count(*) AS n FROM issued_documents WHERE request_id = 18")).toEqual({ n: 1 });
  expect(await db.get("SELECT count(*) AS n FROM document_categories WHERE id = 7")).toEqual({ n: 0 });
  const audited = (
    await db.all<{ action: string }>(
      "SELECT action FROM audit_events WHERE actor_user_id = 4 AND action LIKE 'request.%' ORDER BY id",
    )
  ).map((row) => row.action);
  expect(audited).toEqual(
    expect.arrayContaining(["request.fields", "request.document_review", "request.status", "request.issue"]),
  );
  await db.close();
});

test("the answers' shapes: no token, a cookie alone, a bad, revoked or expired token; malformed bodies; paging; rate limits; CORS", async () => {
  test.setTimeout(60_000);
  expectFailure(await call("GET", "/api/auth/me"), 401, "UNAUTHORIZED");
  expectFailure(await call("GET", "/api/auth/me", { token: "not-a-token-of-ours-at-all" }), 401, "UNAUTHORIZED");

  // A browser session's cookie is not read.
  const cookie = await sessionCookieAt(server.url, DEMO.CLIENT_ADMIN, {
    headers: { "X-Forwarded-For": nextAddress() },
  });
  expect(cookie).toBeDefined();
  expect(
    (await fetch(`${server.url}/client-admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" })).status,
  ).toBe(200);
  expectFailure(await call("GET", "/api/auth/me", { headers: { Cookie: cookie } }), 401, "UNAUTHORIZED");

  // Revoked by signing out; expired after its 15 minutes; the refresh token rotates once.
  const pair = await signIn(DEMO.CLIENT_ADMIN);
  expect((await call("GET", "/api/auth/me", { token: pair.accessToken })).status).toBe(200);
  expect((await call("POST", "/api/auth/logout", { token: pair.accessToken })).status).toBe(200);
  expectFailure(await call("GET", "/api/auth/me", { token: pair.accessToken }), 401, "UNAUTHORIZED");
  expectFailure(
    await call("POST", "/api/auth/refresh", { body: { refreshToken: pair.refreshToken } }),
    401,
    "UNAUTHORIZED",
  );
  const aging = await signIn(DEMO.CLIENT_ADMIN);
  const db = await serverDb(false);
  await db.run("UPDATE sessions SET expires_at = '2000-01-01T00:00:00.000Z' WHERE kind = 'API' AND user_id = 3");
  await db.close();
  expectFailure(await call("GET", "/api/document-requests", { token: aging.accessToken }), 401, "UNAUTHORIZED");
  const renewed = await call("POST", "/api/auth/refresh", { body: { refreshToken: aging.refreshToken } });
  expect(renewed.status, renewed.text).toBe(200);
  const fresh = (renewed.json.data as { tokens: { accessToken: string } }).tokens.accessToken;
  expect((await call("GET", "/api/document-requests", { token: fresh })).status).toBe(200);
  expectFailure(
    await call("POST", "/api/auth/refresh", { body: { refreshToken: aging.refreshToken } }),
    401,
    "UNAUTHORIZED",
  );

  const clerk = await tokenOf("CLERK");
  // Bodies: malformed JSON, another content type, over the limit, truncated; never a 500 or a page.
  expectFailure(
    await call("POST", "/api/document-categories", {
      token: clerk,
      raw: '{"name": ',
      headers: { "Content-Type": "application/json" },
    }),
    400,
    "BAD_REQUEST",
  );
  expectFailure(
    await call("POST", "/api/document-categories", {
      token: clerk,
      raw: "name=x",
      headers: { "Content-Type": "text/plain" },
    }),
    415,
    "UNSUPPORTED_MEDIA_TYPE",
  );
  expectFailure(await sendOversized("/api/document-categories", clerk, 2 * 1024 * 1024), 413, "PAYLOAD_TOO_LARGE");
  expectFailure(
    await call("PUT", "/api/document-requests/issue-document", {
      token: clerk,
      raw: "--x\r\nbroken",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    }),
    400,
    "BAD_REQUEST",
  );
  expectFailure(await call("GET", "/api/no-such-call", { token: clerk }), 404, "NOT_FOUND");
  const wrongMethod = await call("PATCH", "/api/document-categories", { token: clerk });
  expectFailure(wrongMethod, 405, "METHOD_NOT_ALLOWED");
  expect(wrongMethod.headers.get("Allow")).toBe("GET, POST");

  // Validation: each field with the spec's message in both languages.
  const invalid = await call("POST", "/api/document-required-fields", { token: clerk, body: { name: {} } });
  expectFailure(invalid, 400, "VALIDATION_ERROR");
  const details = Object.fromEntries(invalid.json.error!.details!.map((detail) => [detail.field, detail.message]));
  expect(details["fieldName"]).toEqual({
    english: "Field name must be at least 2 characters",
    arabic: "يجب ألا يقل اسم الحقل عن حرفين",
  });
  expect(Object.keys(details)).toEqual(
    expect.arrayContaining(["name.english", "name.arabic", "documentCategoryId", "fieldName", "fieldType"]),
  );
  const paging = await call("GET", "/api/document-requests", { token: clerk, query: { page: -1, size: 101 } });
  expectFailure(paging, 400, "VALIDATION_ERROR");
  expect(paging.json.error!.details!.map((detail) => detail.field).sort()).toEqual(["page", "size"]);
  const page = await call("GET", "/api/document-required-fields", { token: clerk });
  expect(page.json.data).toMatchObject({
    page: 0,
    size: 15,
    totalItems: expect.any(Number),
    totalPages: expect.any(Number),
  });
  expect((await call("GET", "/api/document-requests", { token: clerk })).json.data).toMatchObject({
    page: 0,
    size: 10,
  });

  // Sign-in attempts are limited like the page's: the 429 says when to come back.
  const from = nextAddress();
  for (let i = 0; i < 10; i++)
    expectFailure(
      await call("POST", "/api/auth/login", {
        from,
        body: { email: "nobody@example.com", password: "wrong-password" },
      }),
      401,
      "UNAUTHORIZED",
    );
  const limited = await call("POST", "/api/auth/login", {
    from,
    body: { email: "nobody@example.com", password: "wrong-password" },
  });
  expectFailure(limited, 429, "RATE_LIMITED");
  expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);

  // CORS only for the listed origins.
  const listed = await call("OPTIONS", "/api/document-requests", {
    headers: { Origin: ALLOWED_ORIGIN, "Access-Control-Request-Method": "GET" },
  });
  expect(listed.status).toBe(204);
  expect(listed.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED_ORIGIN);
  const other = await call("GET", "/api/document-requests", {
    token: clerk,
    headers: { Origin: "https://elsewhere.example" },
  });
  expect(other.status).toBe(200);
  expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
});

test("a clerk's journey over HTTP only: sign in, list, approve, issue from base64, and the code verifies", async () => {
  const login = await call("POST", "/api/auth/login", { body: { email: DEMO.CLERK, password: DEMO_PASSWORD } });
  expect(login.json.data).toMatchObject({
    user: { email: DEMO.CLERK, role: "CLERK" },
    tokens: { tokenType: "Bearer", expiresIn: 900 },
  });
  const token = (login.json.data as { tokens: { accessToken: string } }).tokens.accessToken;

  const list = await call("GET", "/api/document-requests", { token, query: { size: 100 } });
  expect(list.status).toBe(200);
  const items = (list.json.data as { items: { id: number; status: string; client: { id: number } }[] }).items;
  expect(items.length).toBeGreaterThan(3);
  expect(items.every((item) => item.client.id === 1)).toBe(true);
  const pending = items.find((item) => item.status === "PENDING")!;
  expect(pending).toBeDefined();

  const approved = await call("PUT", "/api/document-requests/update-status", {
    token,
    body: {
      requestId: pending.id,
      status: "APPROVED",
      securePlusEnabled: false,
      note: { english: "Checked against the registry.", arabic: "تم التحقق من السجل." },
    },
  });
  expect(approved.status, approved.text).toBe(200);
  expect(approved.json.message).toEqual({ english: "Status updated", arabic: "تم تحديث الحالة" });

  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText("Certificate");
  const issued = await call("PUT", "/api/document-requests/issue-document", {
    token,
    body: {
      requestId: pending.id,
      documentName: { english: "Graduation certificate", arabic: "شهادة تخرج" },
      expirationDate: "2099-12-31",
      securePlusEnabled: false,
      base64Data: Buffer.from(await pdf.save()).toString("base64"),
    },
  });
  expect(issued.status, issued.text).toBe(201);
  const { verificationCode, verificationUrl } = (
    issued.json.data as { issuedDocument: { verificationCode: string; verificationUrl: string } }
  ).issuedDocument;
  expect(verificationUrl).toBe(`${server.url}/verify/${verificationCode}`);
  const detail = await call("GET", `/api/document-requests/${pending.id}`, { token });
  expect(detail.json.data).toMatchObject({
    status: "COMPLETED",
    issuedDocuments: [{ verificationCode, status: "VALID" }],
  });

  const verified = await fetch(`${server.url}/verify/${verificationCode}`, { headers: { "Accept-Language": "en" } });
  expect(verified.status).toBe(200);
  expect(await verified.text()).toContain("Valid");
  const db = await serverDb();
  expect(
    await db.all(
      "SELECT action FROM audit_events WHERE entity_id = ? AND action IN ('request.status', 'request.issue') ORDER BY id",
      pending.id,
    ),
  ).toEqual([{ action: "request.status" }, { action: "request.issue" }]);
  // The beneficiary is told of both, in-app and by mail, as when the screens do it.
  expect(
    await db.get(
      "SELECT count(*) AS n FROM notifications WHERE link = ?",
      `/beneficiary/request-document/${pending.id}`,
    ),
  ).toEqual({ n: 2 });
  await db.close();
});

test("the issue call also takes a multipart upload", async () => {
  const token = await tokenOf("CLERK");
  const list = await call("GET", "/api/document-requests", { token, query: { size: 100 } });
  const pending = (list.json.data as { items: { id: number; status: string }[] }).items.find(
    (item) => item.status === "PENDING",
  )!;
  expect(
    (
      await call("PUT", "/api/document-requests/update-status", {
        token,
        body: { requestId: pending.id, status: "APPROVED", securePlusEnabled: false },
      })
    ).status,
  ).toBe(200);
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  const form = new FormData();
  form.set("requestId", String(pending.id));
  form.set("documentName.english", "Academic transcript");
  form.set("documentName.arabic", "كشف علامات");
  form.set("securePlusEnabled", "false");
  form.set("file", new Blob([Buffer.from(await pdf.save())], { type: "application/pdf" }), "transcript.pdf");
  const issued = await call("PUT", "/api/document-requests/issue-document", { token, raw: form });
  expect(issued.status, issued.text).toBe(201);
  expect(issued.json.data).toMatchObject({
    requestId: pending.id,
    issuedDocument: {
      documentName: { english: "Academic transcript", arabic: "كشف علامات" },
      verificationCode: expect.stringMatching(/^[A-Z0-9]{16}$/),
    },
  });
});

test("/api/docs renders every documented call for humans, in both languages", async () => {
  for (const [language, title] of [
    ["en", "API reference"],
    ["ar", "مرجع واجهة البرمجة"],
  ]) {
    const page = await fetch(`${server.url}/api/docs`, { headers: { "Accept-Language": language } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(title);
    expect(html).toContain('href="/api/openapi.json"');
    for (const operation of operations) expect(html, operation.operationId).toContain(operation.path);
  }
});

test("the issue call takes the spec's documentName as one string, in multipart (the README's example) and in JSON", async () => {
  const token = await tokenOf("CLERK");
  const list = await call("GET", "/api/document-requests", { token, query: { size: 100 } });
  // Two documents already issued, issued again (which supersedes them): the other tests take the pending ones.
  const pending = (list.json.data as { items: { id: number; status: string }[] }).items
    .filter((item) => item.status === "COMPLETED")
    .slice(-2);
  expect(pending).toHaveLength(2);
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  const bytes = Buffer.from(await pdf.save());
  const form = new FormData();
  form.set("requestId", String(pending[0].id));
  form.set("documentName", "Graduation certificate");
  form.set("approve", "true");
  form.set("file", new Blob([bytes], { type: "application/pdf" }), "certificate.pdf");
  const multipart = await call("PUT", "/api/document-requests/issue-document", { token, raw: form });
  expect(multipart.status, multipart.text).toBe(201);
  const json = await call("PUT", "/api/document-requests/issue-document", {
    token,
    body: {
      requestId: pending[1].id,
      documentName: "شهادة تخرج",
      approve: true,
      base64Data: bytes.toString("base64"),
    },
  });
  expect(json.status, json.text).toBe(201);
  expect(
    [multipart, json].map(
      (answer) => (answer.json.data as { issuedDocument: { documentName: unknown } }).issuedDocument.documentName,
    ),
  ).toEqual([
    { english: "Graduation certificate", arabic: "Graduation certificate" },
    { english: "شهادة تخرج", arabic: "شهادة تخرج" },
  ]);
  // Neither form of the name: the field is named, in both languages.
  const without = new FormData();
  without.set("requestId", String(pending[0].id));
  without.set("file", new Blob([bytes], { type: "application/pdf" }), "certificate.pdf");
  const refused = await call("PUT", "/api/document-requests/issue-document", { token, raw: without });
  expect(refused.status).toBe(400);
  expect(refused.text).toContain("documentName.english");
});
