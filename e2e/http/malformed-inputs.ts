import { expect, test } from "@playwright/test";
import fs from "node:fs";
import http from "node:http";
import { duplicatedPageTreePdf, malformedGif } from "../../app/test/bombs";
import { ROUTES } from "../route-table";
import { openServerDatabase, type ServerDatabase } from "../server-db";
import { serverForFile } from "../spawn-server";
import { DEMO, sessionCookieAt } from "../support";

/**
 * The malformed-input suite's mutations and its client (malformed.spec.ts, malformed-staff.spec.ts): every action
 * route gets the security test's mutations (unparseable and truncated bodies, broken multipart, too many fields,
 * invalid UTF-8, oversized bodies, extra or hostile files, hostile values); no answer may be a 5xx, and a rejected
 * request must write no row and no file.
 */
/** The server the helpers talk to: each spec file starts its own and says so. */
export const target = { port: 0, url: "", dataDir: "" };

export interface Mutation {
  name: string;
  headers: Record<string, string>;
  body: Buffer;
}

export const CRLF = "\r\n";
export const part = (boundary: string, name: string, value: string | Buffer, file?: { name: string; type: string }) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${file ? `; filename="${file.name}"` : ""}${CRLF}${file ? `Content-Type: ${file.type}${CRLF}` : ""}${CRLF}`,
      "latin1",
    ),
    Buffer.isBuffer(value) ? value : Buffer.from(value, "utf8"),
    Buffer.from(CRLF, "latin1"),
  ]);
export const multipart = (parts: Buffer[], boundary = "b0undary", close = true) =>
  Buffer.concat([...parts, Buffer.from(close ? `--${boundary}--${CRLF}` : "", "latin1")]);
export const form = "application/x-www-form-urlencoded";
export const multi = (boundary = "b0undary") => `multipart/form-data; boundary=${boundary}`;
export const FIELDS = [
  "intent",
  "email",
  "password",
  "name.english",
  "name.arabic",
  "status",
  "note",
  "note.english",
  "note.arabic",
  "lng",
  "redirectTo",
  "documentName",
  "documentName.english",
  "documentName.arabic",
  "expirationDate",
  "pin",
  "reason",
  "reason.english",
  "reason.arabic",
  "requestMessage",
];

/** A hostile file posted as every field a file may come in, beside a document's name (the forms that take one). */
const hostileFile = (name: string, bytes: Buffer, file: { name: string; type: string }): Mutation => ({
  name,
  headers: { "Content-Type": multi() },
  body: multipart([
    part("b0undary", "documentName", "Certificate"),
    part("b0undary", "documentName.english", "Certificate"),
    part("b0undary", "documentName.arabic", "شهادة"),
    part("b0undary", "file", bytes, file),
    part("b0undary", "document.1", bytes, file),
  ]),
});

export function mutations(): Mutation[] {
  const bomb = Buffer.from(duplicatedPageTreePdf(28));
  const gif = Buffer.from(malformedGif());
  const manyFields = Array.from({ length: 1100 }, (_, i) => `f${i}=${i}`).join("&");
  return [
    { name: "text/plain", headers: { "Content-Type": "text/plain" }, body: Buffer.from("intent=delete") },
    {
      name: "JSON",
      headers: { "Content-Type": "application/json" },
      body: Buffer.from('{"intent":"delete","status":"APPROVED"}'),
    },
    {
      name: "XML",
      headers: { "Content-Type": "application/xml" },
      body: Buffer.from('<?xml version="1.0"?><a intent="delete"/>'),
    },
    { name: "no content type", headers: {}, body: Buffer.from("intent=delete") },
    { name: "no body", headers: {}, body: Buffer.alloc(0) },
    {
      name: "multipart without boundary",
      headers: { "Content-Type": "multipart/form-data" },
      body: multipart([part("b0undary", "intent", "delete")]),
    },
    {
      name: "multipart with an empty boundary",
      headers: { "Content-Type": "multipart/form-data; boundary=" },
      body: multipart([part("b0undary", "intent", "delete")]),
    },
    {
      name: "multipart with another boundary",
      headers: { "Content-Type": multi("other") },
      body: multipart([part("b0undary", "intent", "delete")]),
    },
    {
      name: "multipart cut short",
      headers: { "Content-Type": multi() },
      body: multipart([part("b0undary", "intent", "delete")], "b0undary", false),
    },
    {
      name: "multipart with 1,100 fields",
      headers: { "Content-Type": multi() },
      body: multipart(Array.from({ length: 1100 }, (_, i) => part("b0undary", `f${i}`, "1"))),
    },
    { name: "urlencoded with 1,100 fields", headers: { "Content-Type": form }, body: Buffer.from(manyFields) },
    {
      name: "urlencoded invalid UTF-8",
      headers: { "Content-Type": form },
      body: Buffer.from(FIELDS.map((field) => `${field}=%ff%fe%c3`).join("&")),
    },
    {
      name: "multipart invalid UTF-8",
      headers: { "Content-Type": multi() },
      body: multipart(FIELDS.map((field) => part("b0undary", field, Buffer.from([0xff, 0xfe, 0xc3])))),
    },
    {
      name: "urlencoded of 1.2 MB",
      headers: { "Content-Type": form },
      body: Buffer.from(`note=${"a".repeat(1_200_000)}`),
    },
    {
      name: "two files",
      headers: { "Content-Type": multi() },
      body: multipart([
        part("b0undary", "file", "%PDF-1.4 x", { name: "a.pdf", type: "application/pdf" }),
        part("b0undary", "file", "%PDF-1.4 y", { name: "b\u202Efdp.exe", type: "application/pdf" }),
        part("b0undary", "document.1", "x", { name: "../../etc/passwd", type: "text/plain" }),
      ]),
    },
    hostileFile("a malformed GIF", gif, { name: "stamp.gif", type: "image/gif" }),
    hostileFile("the page-tree bomb", bomb, { name: "bomb.pdf", type: "application/pdf" }),
    // CR, LF and NUL in every field: none may reach a header (a Location, a Content-Disposition) or a 5xx.
    {
      name: "CR, LF and NUL in every field",
      headers: { "Content-Type": form },
      body: Buffer.from(FIELDS.map((field) => `${field}=%2F%0D%0ASet-Cookie:%20x=1%00`).join("&")),
    },
    {
      name: "hostile values",
      headers: { "Content-Type": form },
      body: Buffer.from(
        "intent=delete&status=LOST&page=100000000000000000000&expirationDate=31-31-2099&pin=%00%00&lng=xx&redirectTo=%2F%2Fevil.example&email=%3Cscript%3E&note=" +
          "%F0%9F%98%80".repeat(500),
      ),
    },
  ];
}

/**
 * One request on a connection of its own; resolves with the status, 0 when the server closed without answering
 * or cut its answer short (a download whose query failed after it began), -1 when nothing came for 10 s.
 */
export function send(path: string, method: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        path,
        method,
        agent: false,
        headers: { ...headers, ...(body ? { "Content-Length": String(body.length) } : {}) },
      },
      (response) => {
        response.resume();
        response.on("close", () => resolve(response.complete ? (response.statusCode ?? 0) : 0));
      },
    );
    request.on("error", (error) => (request.writableEnded ? resolve(0) : reject(error)));
    // A request left unanswered is a failure to name, not a suite that runs out of time.
    request.setTimeout(10_000, () => {
      request.destroy();
      resolve(-1);
    });
    request.end(body);
  });
}

export const cookieOf = (email: string) => sessionCookieAt(target.url, email);

/** Each database's count query: its tables are listed once (on PostgreSQL the catalogue's query is the slower one). */
const countQueries = new WeakMap<ServerDatabase, { tables: string[]; sql: string }>();

/**
 * Rows per table, besides the counters and sessions that reading pages moves: one query for every table (a
 * query per table made the 3,000 posts take two minutes on PostgreSQL, nearly all of it in round trips).
 */
export async function rowCounts(db: ServerDatabase): Promise<Record<string, number>> {
  if (!countQueries.has(db)) {
    // The request counts' deltas are rolled up in the background (docs/decisions/0021): a request written shows in
    // document_requests itself.
    const moving = ["rate_limits", "sessions", "request_status_counts", "request_status_deltas"];
    const tables = (await db.tables()).filter((name) => !moving.includes(name));
    const columns = tables.map((name, index) => `(SELECT count(*) FROM "${name}") AS n${index}`).join(", ");
    countQueries.set(db, { tables, sql: `SELECT ${columns}` });
  }
  const { tables, sql } = countQueries.get(db)!;
  const row = (await db.get<Record<string, number | string>>(sql))!;
  return Object.fromEntries(tables.map((name, index) => [name, Number(row[`n${index}`])]));
}

export const storedFiles = () =>
  fs.existsSync(`${target.dataDir}/files`) ? fs.readdirSync(`${target.dataDir}/files`, { recursive: true }).length : 0;

/**
 * On the PostgreSQL pass (scripts/e2e.mjs) a sixth of each route's mutations, a different sixth on each route, so that
 * every mutation meets PostgreSQL: what a refused post writes is the code's, the same on either database, and the
 * SQLite pass sends them all (CONTRIBUTING.md, where CI's time goes).
 */
export const MALFORMED_EVERY = Number(process.env.E2E_MALFORMED_EVERY ?? 1);

/** How many posts the suite sends at least: 1,500 of each half, a share of them on the PostgreSQL pass. */
export const MALFORMED_AT_LEAST = Math.floor(1500 / MALFORMED_EVERY);

/**
 * Every mutation to every action route as each of these users, on the target server: no 5xx, and a refused post
 * writes no row and no file. Returns how many were sent.
 */
export async function postMalformed(users: Record<string, string>) {
  // Signing out would end the suite's own sessions; the API has its own suite (api.spec.ts).
  const actions = ROUTES.filter((route) => route.hasAction && route.path !== "/logout");
  expect(actions.length).toBeGreaterThan(30);
  const failures: string[] = [];
  let sent = 0;
  const db = await openServerDatabase(`${SERVER_DATABASE.url}`, { readonly: true });
  // What a refused post found is what the next one starts from; after an accepted post the rows are counted again.
  let before: Record<string, number> | null = null;
  const malformed = mutations();
  for (const [who, cookie] of Object.entries(users)) {
    for (const [routeIndex, route] of actions.entries()) {
      for (const [index, mutation] of malformed.entries()) {
        // Each route its own share, so every mutation reaches some route on either database.
        if ((index + routeIndex) % MALFORMED_EVERY !== 0) continue;
        before ??= await rowCounts(db);
        const filesBefore = storedFiles();
        const status = await send(
          route.path,
          "POST",
          { Origin: target.url, ...(cookie ? { Cookie: cookie } : {}), ...mutation.headers },
          mutation.body,
        );
        sent++;
        if (status >= 500 || status <= 0) failures.push(`${who} ${route.path} ${mutation.name}: ${status}`);
        if (status >= 400) {
          const after = await rowCounts(db);
          const counted: Record<string, number> = before;
          const written: string[] = Object.keys(after).filter((table) => after[table] !== counted[table]);
          before = written.length === 0 ? after : null;
          if (written.length > 0)
            failures.push(`${who} ${route.path} ${mutation.name}: ${status} yet wrote ${written.join(", ")}`);
          if (storedFiles() !== filesBefore)
            failures.push(`${who} ${route.path} ${mutation.name}: ${status} yet stored a file`);
        } else before = null;
      }
    }
  }
  await db.close();
  expect(failures).toEqual([]);
  expect((await fetch(`${target.url}/healthz`)).status).toBe(200);
  return sent;
}

/** The target server's database (the row counts read it). */
export const SERVER_DATABASE = { url: "" };

/** The demo users the posts come from. */
export const USERS = { beneficiary: DEMO.BENEFICIARY, clerk: DEMO.CLERK, superAdmin: DEMO.SUPER_ADMIN };

/** The server a half of the suite posts to: its own, with limits no test reaches, so both halves run side by side. */
export function serveMalformedSuite(port: number) {
  const server = serverForFile(port, {
    DEMO_DATA: "on",
    WEB_CONCURRENCY: "2",
    AUTH_RATE_LIMIT: "1000000",
    VERIFY_RATE_LIMIT: "1000000",
    PIN_SECRET: "malformed",
    SIGNING_KEY_SECRET: "malformed-signing",
  });
  test.beforeAll(() => {
    Object.assign(target, { port, url: server.url, dataDir: server.dataDir });
    SERVER_DATABASE.url = server.databaseUrl;
  });
  return server;
}
