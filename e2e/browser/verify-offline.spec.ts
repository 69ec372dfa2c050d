import { expect, test } from "@playwright/test";
import { E2E_DATABASE_URL } from "../../playwright.config";
import { openServerDatabase } from "../server-db";
import { DEMO, demoCodes, signIn, switchLanguage } from "../support";

/** The ids of demo documents (their credentials are downloaded as staff who may see every organisation's). */
async function credentialsOf(codes: string[]) {
  const db = await openServerDatabase(E2E_DATABASE_URL, { readonly: true });
  const ids = [];
  for (const code of codes)
    ids.push((await db.get<{ id: number }>("SELECT id FROM issued_documents WHERE verification_code = ?", code))!.id);
  await db.close();
  return ids;
}

test("the offline verifier, opened once, checks credentials with the network cut: valid, revoked before the list was saved, changed", async ({
  page,
  context,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled === false, "it verifies in the browser: without script it says so");
  const { VALID, REVOKED } = await demoCodes();
  await signIn(page, DEMO.SUPER_ADMIN, undefined, "en");
  const [validId, revokedId] = await credentialsOf([VALID, REVOKED]);
  const download = async (id: number) => {
    const response = await page.request.get(`/credentials/${id}`);
    expect(response.status()).toBe(200);
    return response.text();
  };
  const valid = await download(validId);
  const revoked = await download(revokedId);

  await page.goto("/verify");
  await switchLanguage(page, "en");
  // Every answer the verifier asks for while it saves: none may be a 404 (it asked for lists that did not exist).
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  await page.getByRole("link", { name: "No network where you check documents? Use the offline verifier." }).click();
  await expect(page.getByTestId("offline-saved")).toHaveAttribute("data-ready", "true");
  expect(missing).toEqual([]);
  await expect(page.getByTestId("offline-saved")).toContainText("this page now works offline");

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify a credential offline");
  await expect(page.getByTestId("offline-saved")).toContainText("You are offline");

  const check = async (credential: string) => {
    await page.locator("#credential").fill(credential);
    await page.getByRole("button", { name: "Check the credential" }).click();
    return page.getByTestId("offline-result").locator("[data-verdict]");
  };
  await expect(await check(valid)).toHaveAttribute("data-verdict", "valid");
  await expect(page.getByTestId("offline-result")).toContainText("Demo University");
  await expect(page.getByTestId("list-age")).toContainText("Revocation checked against the list saved 0 min ago");
  await expect(await check(revoked)).toHaveAttribute("data-verdict", "revoked");
  await expect(page.getByTestId("offline-result")).toContainText("Revoked: the organisation withdrew this document");
  const changed = JSON.parse(valid);
  changed.validUntil = "2099-01-01T00:00:00Z";
  await expect(await check(JSON.stringify(changed))).toHaveAttribute("data-verdict", "invalid");
  await expect(await check("not json")).toHaveAttribute("data-verdict", "unreadable");
  await context.setOffline(false);
});
