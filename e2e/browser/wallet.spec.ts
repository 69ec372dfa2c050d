import { expect, test, type Locator, type Page } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { demoCodes, ready, signIn, switchLanguage, wcagViolations } from "../support";

/** What a phone's camera reads from a QR code on the page. */
async function scanned(qr: Locator) {
  const png = PNG.sync.read(await qr.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** axe-core against WCAG 2.2 AA, which runs as a script: in the JS-on project (the JS-off one reads the same markup). */
async function accessible(page: Page) {
  if (test.info().project.use.javaScriptEnabled === false) return;
  expect(await wcagViolations(page)).toEqual([]);
}

/** At 320 px nothing scrolls sideways, and axe finds nothing against WCAG 2.2 AA. */
async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await accessible(page);
}

test("the holder adds a document to a wallet: from the request page, an offer whose QR code a camera reads, with its transaction code, at 320 px and in Arabic", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { validWithOwner } = await demoCodes();
  await signIn(page, validWithOwner.email, undefined, "en");
  await page.goto(`/beneficiary/request-document/${validWithOwner.request_id}`);
  await ready(page);
  await page.getByTestId("add-to-wallet").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Add to a wallet");
  await ready(page);
  const make = page.getByRole("button", { name: /Make (a new|an) offer/ });
  await make.click();
  await expect(page.getByText("The offer is ready: scan it with your wallet.")).toBeVisible();
  const offer = page.getByTestId("wallet-offer");
  await expect(page.getByTestId("tx-code")).toHaveText(/^\d{6}$/);
  const link = await page.getByTestId("offer-link").getAttribute("href");
  expect(link).toMatch(/^openid-credential-offer:\/\/\?credential_offer=/);
  expect(await scanned(offer.locator("svg").first())).toBe(link);
  await fitsAPhone(page);
  await switchLanguage(page, "ar");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("إضافة إلى محفظة");
  await expect(page.getByTestId("tx-code")).toHaveText(/^\d{6}$/);
  await accessible(page);
  await page.getByRole("link", { name: "العودة إلى الطلب" }).click();
  await expect(page).toHaveURL(new RegExp(`/beneficiary/request-document/${validWithOwner.request_id}$`));
});

test("a reviewer asks a wallet for a document: the form, then the request's QR code and link on a page that waits, at 320 px and in Arabic", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The waiting page reloads itself every five seconds (e2e/http/wallets.spec.ts reads its refresh): opened again
  // here without it, so that a reload does not land in the middle of axe's look at it (a redirect's target is not
  // routed, hence the second visit).
  await page.route(/\/verify\/present\/[\w-]+$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/<meta http-equiv="refresh"[^>]*>/, "");
    await route.fulfill({ response, body });
  });
  const still = async () => {
    await page.goto(page.url());
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  };
  await page.goto("/verify/present");
  await switchLanguage(page, "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ask a wallet for a document");
  await page.getByLabel("An issued document").check();
  await page.getByLabel("Holder's name").uncheck();
  await page.getByLabel("Document", { exact: true }).uncheck();
  await page.getByRole("button", { name: "Make the request" }).click();
  await expect(page.getByRole("alert")).toHaveText("Choose the kind of document and at least one thing to see.");
  await page.getByLabel("Document", { exact: true }).check();
  await page.getByRole("button", { name: "Make the request" }).click();
  await expect(page).toHaveURL(/\/verify\/present\/[\w-]+$/);
  await still();
  await expect(page.getByText("Waiting for the holder's wallet.")).toBeVisible();
  const link = await page.getByTestId("present-link").getAttribute("href");
  expect(link).toMatch(/^openid4vp:\/\/\?/);
  expect(new URL(link!).searchParams.get("response_mode")).toBe("direct_post");
  expect(await scanned(page.locator(".v-qr svg"))).toBe(link);
  await fitsAPhone(page);
  await switchLanguage(page, "ar");
  await still();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("طلب وثيقة من محفظة");
  await accessible(page);
});
