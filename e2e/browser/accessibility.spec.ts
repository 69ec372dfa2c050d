import { expect, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { baseURL, E2E_DATABASE_URL } from "../../playwright.config";
import { openServerDatabase } from "../server-db";
import { DEMO_PASSWORD, demoCodes, OTHER_CLIENT, ready, wcagViolations, signIn, switchLanguage } from "../support";

// Every page of routes.ts is checked against WCAG 2.2 AA, as the role that opens it, by the phone-width walk
// (phone-widths.spec.ts). Here: pages in states the walk's sample data does not reach.

/**
 * WCAG 2.2 AA (axe-core, any impact) on pages in states the walk does not reach: the staff request page flagging a
 * supporting document still pending after issuing (its callout's contrast), a valid document's verification page
 * (its buttons' target size), the two-factor set-up, in Arabic and English.
 */
test("no WCAG 2.2 AA violation on pages in their other states, in Arabic and English", async ({ page }, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "axe runs in the page: JS on");
  test.setTimeout(120_000);
  const requestId = await issuedWithAPendingDocument();
  const { VALID } = await demoCodes();
  const found: string[] = [];
  await signIn(page, OTHER_CLIENT.CLERK);
  for (const lng of ["ar", "en"] as const) {
    await page.goto("/clerks/dashboard");
    await switchLanguage(page, lng);
    for (const path of [
      `/clerks/document-categories/request/${requestId}`,
      "/clerks/requests",
      "/profile",
      "/profile/two-factor",
      `/verify/${VALID}`,
    ]) {
      await page.goto(path);
      await ready(page);
      if (path.includes("/request/")) await expect(page.getByTestId("pending-after-issue")).toBeVisible();
      for (const violation of await wcagViolations(page)) found.push(`${lng} ${path}: ${violation}`);
    }
  }
  expect(found).toEqual([]);
});

/** A Ministry of Labour request issued through the API while one of its supporting documents is still pending. */
async function issuedWithAPendingDocument() {
  const db = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  const row = await db.get<{ id: number }>(
    "SELECT r.id FROM document_requests r JOIN clients c ON c.id = r.client_id WHERE c.name_en = 'Ministry of Labour' AND r.status = 'PENDING' AND EXISTS (SELECT 1 FROM attachments a WHERE a.entity_type = 'DOCUMENT_REQUESTS' AND a.reference_entity_id = r.id AND a.status = 'PENDING') ORDER BY r.id DESC",
  );
  await db.close();
  const call = async (method: string, path: string, body: unknown, token?: string) => {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return (await response.json()) as { data: { tokens: { accessToken: string } } };
  };
  const token = (await call("POST", "/api/auth/login", { email: OTHER_CLIENT.CLERK, password: DEMO_PASSWORD })).data
    .tokens.accessToken;
  await call(
    "PUT",
    "/api/document-requests/update-status",
    { requestId: row!.id, status: "APPROVED", securePlusEnabled: false },
    token,
  );
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText("Certificate");
  await call(
    "PUT",
    "/api/document-requests/issue-document",
    {
      requestId: row!.id,
      documentName: { english: "Certificate", arabic: "شهادة" },
      expirationDate: "2099-12-31",
      securePlusEnabled: false,
      base64Data: Buffer.from(await pdf.save()).toString("base64"),
    },
    token,
  );
  return row!.id;
}
