import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { withMacIterations, workbookEntries, zipOf } from "../../app/test/bombs";
import { DEMO, sessionCookieAt } from "../support";

/** Files an attacker crafts to cost the server its time: each answered, while /healthz keeps answering at once. */
const work = fs.mkdtempSync(path.join(os.tmpdir(), "costly-files-"));
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const sessionCookie = (email: string) => sessionCookieAt(baseURL, email);

/** A multipart body of text fields and one file. */
function multipart(fields: Record<string, string>, file: { field: string; name: string; bytes: Buffer }) {
  const boundary = `b${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/** How long /healthz takes on a connection of its own (the cluster hands each new one to the next worker). */
const healthz = () =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    http
      .get(`${baseURL}/healthz`, { agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve(performance.now() - started));
      })
      .on("error", reject);
  });

/** Samples /healthz every 20 ms while `work` runs (and at least ten times): the slowest answer. */
async function slowestHealthzDuring<T>(work: Promise<T>) {
  let finished = false;
  const answer = work.finally(() => (finished = true));
  const times: number[] = [];
  while (!finished || times.length < 10) {
    times.push(await healthz());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { answer: await answer, slowest: Math.max(...times) };
}

/** A PKCS#12 as OpenSSL exports it, its MAC's iteration count then raised (forge derives before it compares). */
function pkcs12WithMacIterations(iterations: number) {
  const key = path.join(work, "key.pem");
  const certificate = path.join(work, "cert.pem");
  const p12 = path.join(work, "file.p12");
  execFileSync("openssl", [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
    ...["-keyout", key, "-out", certificate, "-days", "30", "-subj", "/CN=Ministry of Interior"],
  ]);
  execFileSync("openssl", ["pkcs12", "-export", "-inkey", key, "-in", certificate, "-out", p12, "-passout", "pass:x"]);
  return Buffer.from(withMacIterations(fs.readFileSync(p12), iterations));
}

test("a PKCS#12 whose MAC names 20 million iterations is refused, and /healthz answers under 50 ms meanwhile", async () => {
  const cookie = await sessionCookie(DEMO.CLIENT_ADMIN);
  const { body, type } = multipart(
    { password: "x" },
    { field: "file", name: "costly.p12", bytes: pkcs12WithMacIterations(20_000_000) },
  );
  const upload = fetch(`${baseURL}/client-admin/signing-certificate`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseURL, "Content-Type": type, "Accept-Language": "en" },
    body,
  }).then(async (response) => ({ status: response.status, text: await response.text() }));
  const { answer, slowest } = await slowestHealthzDuring(upload);
  expect(answer.status, answer.text.slice(0, 3000)).toBe(400);
  expect(answer.text).toContain("This file could not be opened: it is not a PKCS#12 file, or the password is wrong");
  expect(slowest).toBeLessThan(50);
});

test("a workbook whose zip directory understates its shared strings is refused at once by the dry run", async () => {
  const cookie = await sessionCookie(DEMO.CLERK);
  const entries = workbookEntries(
    [
      ["email", "student_number"],
      ["a@example.com", "1"],
    ],
    { sharedStrings: true },
  );
  const strings = entries.find((entry) => entry.name === "xl/sharedStrings.xml")!;
  // 256 MB of shared strings, deflated to about 256 KB, declared as the size of the real table.
  const inflated = Buffer.concat([strings.content, Buffer.alloc(256 * 1024 * 1024, "<si><t>a</t></si>")]);
  const bomb = zipOf(
    entries.map((entry) =>
      entry === strings ? { ...entry, content: inflated, declaredSize: strings.content.length } : entry,
    ),
  );
  const { body, type } = multipart(
    { intent: "check" },
    { field: "file", name: "graduates.xlsx", bytes: Buffer.from(bomb) },
  );
  const started = performance.now();
  const check = fetch(`${baseURL}/clerks/document-categories/bulk/1`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseURL, "Content-Type": type, "Accept-Language": "en" },
    body,
  }).then(async (response) => ({ status: response.status, text: await response.text() }));
  const { answer, slowest } = await slowestHealthzDuring(check);
  expect(answer.status, answer.text.slice(0, 2000)).toBe(400);
  expect(answer.text).toContain("The file cannot be read as CSV or XLSX");
  expect(performance.now() - started).toBeLessThan(2000);
  expect(slowest).toBeLessThan(50);
});
