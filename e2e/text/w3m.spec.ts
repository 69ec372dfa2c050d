import { expect, test } from "@playwright/test";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { baseURL, E2E_DATABASE_URL } from "../../playwright.config";
import { nationalIdEnv, singleSignOnEnv, startDirectory, type DirectoryAccount } from "../oidc-provider";
import { openServerDatabase } from "../server-db";
import { spawnServer } from "../spawn-server";
import { DEMO, demoCodes, uniqueNin } from "../support";
import { W3m } from "./w3m";

process.env.PIN_SECRET = "e2e-pin-secret";
const { accessPinFor } = await import("../../app/modules/verification/pin.server");

/**
 * The text-browser journey (Debian's w3m, driven through a terminal as a person would): a beneficiary
 * signs in, switches the language, goes through the request wizard (typing Arabic-Indic digits and a day-first
 * date, uploading a file) and finds the request in their list; anyone verifies a document in Arabic and
 * English, unlocks a SecurePlus one with its PIN and checks a file; a clerk signs in with the staff directory. On
 * every screen separate things are separate words or lines.
 */
test.describe.configure({ mode: "serial" });

/** Words that ran together in w3m's dump: "ValidThis", "العربيةEnglish", "1. 1. Organisation", "[    ]Search". */
function expectSeparated(screen: string) {
  const text = screen.replace(/SecurePlus/g, "Secure Plus");
  expect(text, screen).not.toMatch(/[a-z][A-Z][a-z]/);
  expect(text, screen).not.toMatch(/[\u0600-\u06FF][A-Za-z]|[A-Za-z][\u0600-\u06FF]/);
  expect(text, screen).not.toMatch(/\b\d\. \d\. /);
  expect(text, screen).not.toMatch(/\][^\s\]]/);
  expect(text, screen).not.toMatch(/[^\s[]\[/); // a label glued to its field: "Email[" (not "Email [")
}

/** Where each line first shows `text` on the screen (-1 when it does not). */
const lineOf = (screen: string, text: string) => screen.split("\n").findIndex((line) => line.includes(text));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "w3m-files-"));
let browser: W3m | undefined;
test.afterEach(() => browser?.close());
test.afterAll(() => {
  W3m.stopAll();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A fresh beneficiary, registered as the register page posts (the journey starts at signing in). */
async function newBeneficiary() {
  const email = `w3m-${Date.now()}@example.com`;
  const fields = {
    "firstName.english": "Rami",
    "firstName.arabic": "رامي",
    "fatherName.english": "Adel",
    "fatherName.arabic": "عادل",
    "lastName.english": "Nasser",
    "lastName.arabic": "ناصر",
    email,
    phone: "0790000001",
    nin: uniqueNin(),
    password: "Long-Enough-1",
    confirmPassword: "Long-Enough-1",
  };
  const response = await fetch(`${baseURL}/register`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  expect(response.status).toBe(302);
  return email;
}

test("a beneficiary signs in, switches the language, asks for a document with a file, and finds it in their list", async () => {
  test.setTimeout(120_000);
  const email = await newBeneficiary();
  const idCard = path.join(tmp, "national-id.pdf");
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]).drawText("National ID");
  fs.writeFileSync(idCard, await pdf.save());

  browser = await W3m.open(`${baseURL}/login`, "en");
  expectSeparated(await browser.waitFor("Password"));
  await browser.fill("Email", email);
  await browser.fill("Password", "Long-Enough-1");
  await browser.press("Sign in", 2); // the first is the page's heading
  expectSeparated(await browser.waitFor("Welcome"));

  await browser.press("العربية");
  expectSeparated(await browser.waitFor("أهلًا"));
  await browser.press("English");
  await browser.waitFor("Welcome");

  await browser.goto(`${baseURL}/beneficiary/request-document/create`);
  expectSeparated(await browser.waitFor("Which organisation"));
  await browser.check("Demo University");
  await browser.press("Next");
  expectSeparated(await browser.waitFor("Which document"));
  await browser.check("Graduation certificate");
  await browser.press("Next");
  const details = await browser.waitFor("Graduation date");
  expectSeparated(details);
  expect(details).toContain("30/06/2024"); // the date field says how to write it
  await browser.fill("Student number", "٢٠١٩١٢٣٤");
  await browser.fill("Graduation date", "٣٠/٠٦/٢٠٢٤");
  await browser.press("Next");
  expectSeparated(await browser.waitFor("Attach the supporting documents"));
  await browser.fill("Upload: Copy of national ID", idCard);
  await browser.press("Next");
  const review = await browser.waitFor("Check your request");
  expectSeparated(review);
  expect(review).toContain("20191234");
  expect(review).toContain("June 30, 2024"); // the date as every date is shown, not as stored
  expect(review).toContain("national-id.pdf");
  await browser.press("Send the request");
  await browser.waitFor("Pending");

  await browser.goto(`${baseURL}/beneficiary/request-document`);
  const list = await browser.waitFor("Graduation certificate");
  expectSeparated(list);
  expect(list).toContain("Pending");

  const db = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  const request = await db.get<{ id: number; status: string }>(
    "SELECT r.id, r.status FROM document_requests r JOIN users u ON u.id = r.beneficiary_id WHERE u.email = ?",
    email,
  );
  expect(request?.status).toBe("PENDING");
  const values = await db.all<{ field_name: string; field_value: string }>(
    "SELECT field_name, field_value FROM request_field_values WHERE request_id = ? ORDER BY field_name",
    request!.id,
  );
  expect(values).toEqual(
    expect.arrayContaining([
      { field_name: "graduation_date", field_value: "2024-06-30" },
      { field_name: "student_number", field_value: "20191234" },
    ]),
  );
  expect(
    await db.get(
      "SELECT count(*) AS n FROM attachments WHERE entity_type = 'DOCUMENT_REQUESTS' AND reference_entity_id = ?",
      request!.id,
    ),
  ).toEqual({ n: 1 });
  await db.close();
});

test("a clerk reads their pages in order in a text browser: skip link, bell, content, then the account menu", async () => {
  test.setTimeout(90_000);
  browser = await W3m.open(`${baseURL}/login`, "ar");
  const login = await browser.waitFor("كلمة المرور");
  expectSeparated(login);
  expect(login).toMatch(/البريد الإلكتروني \[/);
  await browser.fill("البريد الإلكتروني", DEMO.CLERK);
  await browser.fill("كلمة المرور", "Demo-Pass-2026");
  await browser.press("دخول", 2); // the first is in the page's heading
  for (const [path, heading] of [
    ["/clerks/dashboard", "أهلًا"],
    ["/clerks/requests", "تصدير (CSV)"],
    ["/clerks/document-categories/request/1", "طلب الوثيقة رقم 1"],
  ] as const) {
    if (path !== "/clerks/dashboard") await browser.goto(`${baseURL}${path}`);
    const screen = await browser.waitFor(heading);
    expectSeparated(screen);
    // The skip link first; the bell says what it is; the account menu (name, email, log out) after the content.
    expect(lineOf(screen, "تخطَّ إلى المحتوى"), path).toBe(0);
    expect(lineOf(screen, "الإشعارات:"), path).toBeGreaterThan(0);
    expect(lineOf(screen, "الإشعارات:"), path).toBeLessThan(lineOf(screen, heading));
    expect(lineOf(screen, heading), path).toBeLessThan(lineOf(screen, DEMO.CLERK));
    expect(lineOf(screen, DEMO.CLERK), path).toBeLessThan(lineOf(screen, "تسجيل الخروج"));
  }
});

test("anyone verifies a document in Arabic and English, unlocks a SecurePlus one with its PIN, and checks a file", async () => {
  test.setTimeout(90_000);
  const codes = await demoCodes();
  const grouped = (code: string) => code.match(/.{4}/g)!.join("-");

  browser = await W3m.open(`${baseURL}/verify/${codes.VALID}`, "ar");
  const arabic = await browser.waitFor("صالحة");
  expectSeparated(arabic);
  expect(arabic).toContain(grouped(codes.VALID));
  browser.close();

  browser = await W3m.open(`${baseURL}/verify/${codes.VALID}`, "en");
  expectSeparated(await browser.waitFor("Valid"));
  // The file the holder was given: the issued document itself.
  const file = path.join(tmp, "certificate.pdf");
  fs.writeFileSync(file, Buffer.from(await (await fetch(`${baseURL}/verify/${codes.VALID}/document`)).arrayBuffer()));
  await browser.fill("File", file);
  await browser.press("Check the file");
  expectSeparated(await browser.waitFor("The file matches the issued document."));
  browser.close();

  // A reviewer's batch: the same file dropped on /verify/batch is found by its fingerprint.
  browser = await W3m.open(`${baseURL}/verify/batch`, "en");
  await browser.waitFor("Verify many documents");
  // w3m submits the form when the file's name is entered.
  await browser.fill("PDF files (optional)", file);
  const batch = await browser.waitFor("Results: 1");
  expect(batch).toContain("certificate.pdf");
  expect(batch).toMatch(/Valid/);
  browser.close();

  browser = await W3m.open(`${baseURL}/verify/${codes.SECURE_PLUS}`, "en");
  const locked = await browser.waitFor("Access PIN");
  expectSeparated(locked);
  await browser.fill("Access PIN", accessPinFor(codes.SECURE_PLUS));
  await browser.press("Unlock");
  const unlocked = await browser.waitFor("Issued to");
  expectSeparated(unlocked);
  expect(unlocked).toContain("Download the document");
});

test("a reviewer asks a wallet for a document from a text browser: the form posts, and the request's page says what it waits for", async () => {
  const browser = await W3m.open(`${baseURL}/verify/present`, "en");
  await browser.waitFor("Ask a wallet for a document");
  await browser.check("National ID");
  await browser.press("Make the request");
  const waiting = await browser.waitFor("Waiting for the holder's wallet.");
  expectSeparated(waiting);
  expect(waiting).toContain("Asked for: Any document; Holder's name, National ID, Document.");
  expect(waiting).toContain("Open in the wallet on this device");
  browser.close();
});

test("a clerk signs in with the staff directory, and a beneficiary with the national identity, from a text browser", async () => {
  test.setTimeout(120_000);
  const [port, directoryPort, identityPort] = [4409, 4410, 4415];
  const directory = await startDirectory(directoryPort, `http://127.0.0.1:${port}/login/sso/callback`, [
    { email: DEMO.CLERK },
  ]);
  const beneficiary: DirectoryAccount = { email: DEMO.BENEFICIARY };
  const identity = await startDirectory(
    identityPort,
    `http://127.0.0.1:${port}/login/national-id/callback`,
    [beneficiary],
    "National identity",
  );
  const server = await spawnServer(port, {
    DEMO_DATA: "on",
    WEB_CONCURRENCY: "1",
    ...singleSignOnEnv(directory.issuer),
    ...nationalIdEnv(identity.issuer),
  });
  const db = await openServerDatabase(server.databaseUrl);
  try {
    browser = await W3m.open(`${server.url}/login`, "ar");
    expectSeparated(await browser.waitFor("Staff directory"));
    // The button is a form's: w3m posts it, follows the redirect to the directory, and back.
    await browser.press("Staff directory");
    await browser.waitFor("I used my authenticator app");
    await browser.fill("Email", DEMO.CLERK);
    await browser.press("Continue");
    const dashboard = await browser.waitFor("لوحة التحكم");
    expectSeparated(dashboard);
    expect(dashboard).not.toContain("تسجيل الدخول عبر");
    browser.close();

    // The national identity vouches for the demo beneficiary's national ID: their account is linked and verified.
    beneficiary.nationalId = (await db.get<{ nin: string }>(
      "SELECT nin FROM users WHERE email = ?",
      DEMO.BENEFICIARY,
    ))!.nin;
    browser = await W3m.open(`${server.url}/login`, "ar");
    expectSeparated(await browser.waitFor("National identity"));
    await browser.press("National identity");
    await browser.waitFor("I used my authenticator app");
    await browser.fill("Email", DEMO.BENEFICIARY);
    await browser.press("Continue");
    expectSeparated(await browser.waitFor("لوحة التحكم"));
    const account = await db.get<{ nin_verified_method: string }>(
      "SELECT nin_verified_method FROM users WHERE email = ?",
      DEMO.BENEFICIARY,
    );
    expect(account?.nin_verified_method).toBe("NATIONAL_ID");
  } finally {
    await db.close();
    server.child.kill("SIGTERM");
    await server.exited;
    await directory.close();
    await identity.close();
  }
});
