import fs from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { registerBeneficiary } from "../support";

/**
 * A beneficiary on a 2G connection (Chromium's network emulation: 50 kB/s each way, 300 ms round trips), with JS,
 * from a cold cache: signs in and sends a request through the wizard. The times are written to
 * `e2e/.tmp/slow-network.json` and printed (the README shows a run). What is asserted: the page is there before
 * its script (the sign-in form renders without waiting for hydration) and the journey completes.
 */
const SLOW = { offline: false, latency: 300, downloadThroughput: 50_000, uploadThroughput: 50_000 };

async function slowDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
}

/**
 * The beneficiary's journey on a slow page: signs in and sends a request with a file through the wizard, each step
 * timed. With the full version it waits for each page's script; the light version has none to wait for.
 */
async function journey(page: Page, email: string, light: boolean) {
  const timings: Record<string, number> = {};
  let started = Date.now();
  const lap = (name: string) => {
    timings[name] = Date.now() - started;
    started = Date.now();
  };
  const hydrated = async () => {
    if (!light) await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
  };

  await page.goto("/login?lng=en", { waitUntil: "commit" });
  await expect(page.locator('input[name="email"]')).toBeVisible({ timeout: 60_000 });
  lap(light ? "sign-in page rendered" : "sign-in page rendered (before its script)");
  const renderedBeforeScript = (await page.locator("html[data-hydrated]").count()) === 0;
  if (!light) {
    await hydrated();
    lap("sign-in page interactive (hydrated)");
  }
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("Long-Enough-1");
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await page.waitForURL("**/beneficiary/dashboard", { timeout: 60_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  lap("signed in: the dashboard");

  await page.goto("/beneficiary/request-document/create", { waitUntil: "commit" });
  await expect(page.getByLabel("Demo University")).toBeVisible({ timeout: 60_000 });
  await hydrated();
  lap("wizard: the organisations");
  const next = page.getByRole("button", { name: "Next", exact: true });
  await page.getByLabel("Demo University").check();
  await next.click();
  await expect(page).toHaveURL(/step=1/, { timeout: 60_000 });
  lap("wizard: the categories");
  await page.getByText("Graduation certificate", { exact: true }).click();
  await next.click();
  await expect(page).toHaveURL(/step=2/, { timeout: 60_000 });
  lap("wizard: the fields");
  await page.locator('input[name="fields.graduation_date"]').fill("2024-06-30");
  await page.locator('input[name="fields.student_number"]').fill("20201234");
  await next.click();
  await expect(page).toHaveURL(/step=3/, { timeout: 60_000 });
  lap("wizard: the documents");
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: "national-id.pdf", mimeType: "application/pdf", buffer: Buffer.from(await pdf.save()) });
  await next.click();
  await expect(page).toHaveURL(/step=4/, { timeout: 60_000 });
  lap("wizard: the review (a file uploaded)");
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page).toHaveURL(/\/beneficiary\/request-document\/\d+$/, { timeout: 60_000 });
  await expect(page.getByTestId("filled-fields")).toContainText("20201234");
  lap("request sent: its page");
  return { timings, renderedBeforeScript };
}

/** An account made at full speed, in a context of its own: the journey then starts from a cold cache. */
async function newBeneficiary(browser: Browser) {
  const setup = await browser.newPage();
  const email = await registerBeneficiary(setup, "en");
  await setup.context().close();
  return email;
}

/** Writes a journey's times to e2e/.tmp/{name}.json and prints them. */
function report(name: string, title: string, timings: Record<string, number>) {
  const total = Object.values(timings).reduce((sum, ms) => sum + ms, 0);
  fs.mkdirSync("e2e/.tmp", { recursive: true });
  fs.writeFileSync(`e2e/.tmp/${name}.json`, JSON.stringify({ network: SLOW, timings, total }, null, 2));
  console.log(title);
  for (const [step, ms] of Object.entries(timings)) console.log(`  ${step}: ${(ms / 1000).toFixed(1)} s`);
  console.log(`  in all: ${(total / 1000).toFixed(1)} s`);
  return total;
}

test("on a 2G connection a beneficiary signs in and sends a request, each step timed", async ({ browser }) => {
  // With JS: the journey is the slow network's cost of the script. Beside the other tests, not alone in the timing
  // project: nothing here is held to a time, and a run alone cost CI's time (CONTRIBUTING.md).
  test.skip(test.info().project.use.javaScriptEnabled === false, "the journey with JS");
  test.setTimeout(240_000);
  const email = await newBeneficiary(browser);
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  await slowDown(page);
  const { timings, renderedBeforeScript } = await journey(page, email, false);
  report("slow-network", "On 2G (50 kB/s, 300 ms), from a cold cache:", timings);
  // The form was on screen before React had hydrated the page: it renders without its script.
  expect(renderedBeforeScript).toBe(true);
  await context.close();
});

test("on the same 2G connection, the light version takes no script, and the journey is timed", async ({ browser }) => {
  // In the JS-on browser: a browser that runs scripts is sent none (docs/decisions/0028).
  test.skip(test.info().project.use.javaScriptEnabled === false, "a browser with JS, sent none");
  test.setTimeout(240_000);
  const email = await newBeneficiary(browser);
  // The person chooses "Light version" in the footer (at full speed); the journey then starts from a cold cache.
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  await page.goto("/login?lng=en");
  await page.getByTestId("version-switch").click();
  await expect(page.getByTestId("version-switch")).toHaveText("Full version");
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(`${page.url()}: ${request.url()}`);
  });
  await slowDown(page);
  const { timings } = await journey(page, email, true);
  report("slow-network-light", "On 2G (50 kB/s, 300 ms), from a cold cache, the light version:", timings);
  expect(scripts).toEqual([]);
  await context.close();
});
