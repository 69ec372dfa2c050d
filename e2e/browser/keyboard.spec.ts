import { expect, test, type Locator, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { DEMO, registerBeneficiary, signIn } from "../support";

/**
 * The journeys done with the keyboard alone (WCAG 2.1.1, 2.4.7, 2.4.11): Tab moves, arrows choose, Space opens the file
 * chooser, Enter sends. At every stop the focused control shows its focus, and nothing (a sticky bar, a toast) covers it.
 */

/** Where the focus is, whether it shows, and whether something else is drawn over its middle. */
const focusState = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const shows = (element: Element | null) => {
      if (!element) return false;
      const style = getComputedStyle(element);
      return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none";
    };
    // A visually hidden control (a checkbox styled by its label) shows its focus on its label.
    const labels = focused.id ? [...document.querySelectorAll(`label[for="${focused.id}"]`)] : [];
    const box = focused.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const covered =
      box.width > 2 &&
      hit !== null &&
      !(focused.contains(hit) || hit.contains(focused) || hit.closest("label")?.control === focused);
    return {
      name: `${focused.tagName.toLowerCase()} "${(focused.textContent || focused.getAttribute("name") || "").trim().slice(0, 40)}"`,
      visible: focused === document.body || shows(focused) || labels.some(shows),
      covered,
    };
  });

/** Presses Tab until `target` (or one of the elements it finds) has the focus, checking each stop on the way. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press("Tab");
    const state = await focusState(page);
    expect(state.visible, `the focus shows on ${state.name}`).toBe(true);
    expect(state.covered, `nothing covers ${state.name}`).toBe(false);
    if (await target.evaluateAll((elements) => (elements as Element[]).includes(document.activeElement!))) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/**
 * Tabs to a file input and opens its chooser with Space. On a loaded machine the first press sometimes opened nothing
 * (CI: the chooser never came in 2 minutes, and came at once on the retry): the keyboard is tried again, never the mouse.
 */
async function chooseFile(page: Page, input: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await expect(async () => {
    await tabTo(page, input);
    const chooser = page.waitForEvent("filechooser", { timeout: 5_000 });
    await page.keyboard.press("Space");
    await (await chooser).setFiles(file);
  }).toPass({ timeout: 40_000 });
}

/** Tabs into `choice`'s radio group and moves with the arrows until it is checked. */
async function choose(page: Page, choice: Locator) {
  await tabTo(page, page.locator(`input[type=radio][name="${await choice.getAttribute("name")}"]`));
  for (let step = 0; step < 30 && !(await choice.isChecked()); step++) await page.keyboard.press("ArrowDown");
  await expect(choice).toBeChecked();
}

async function pdf() {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

test("with the keyboard alone, a beneficiary asks for a document and a clerk approves and issues it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerBeneficiary(page, "en");
  await page.goto("/beneficiary/request-document/create");
  await page.locator("body").focus();
  const next = page.getByRole("button", { name: "Next", exact: true });
  await choose(page, page.getByLabel("Demo University"));
  await tabTo(page, next);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/step=1/);
  await choose(page, page.getByRole("radio", { name: /^Graduation certificate/ }));
  await tabTo(page, next);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/step=2/);
  await tabTo(page, page.locator('input[name="fields.student_number"]'));
  await page.keyboard.type("20215555");
  await tabTo(page, page.locator('input[name="fields.graduation_date"]'));
  await page.keyboard.type("06302024"); // the browser's own date field, month first in en-US
  await tabTo(page, next);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/step=3/);
  await chooseFile(page, page.locator('input[type="file"]').first(), {
    name: "national-id.pdf",
    mimeType: "application/pdf",
    buffer: await pdf(),
  });
  await tabTo(page, next);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/step=4/);
  await tabTo(page, page.getByRole("button", { name: "Send the request" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/beneficiary\/request-document\/\d+$/);
  const requestId = Number(page.url().split("/").at(-1));

  const clerk = await browser.newPage();
  await signIn(clerk, DEMO.CLERK, undefined, "en");
  await clerk.goto("/clerks/requests?order=newest");
  await clerk.locator("body").focus();
  await tabTo(clerk, clerk.getByTestId("staff-requests").getByRole("link", { name: String(requestId), exact: true }));
  await clerk.keyboard.press("Enter");
  await expect(clerk.getByRole("heading", { level: 1 })).toHaveText(`Document Request #${requestId}`);
  await tabTo(clerk, clerk.getByRole("link", { name: "Update Status" }));
  await clerk.keyboard.press("Enter");
  const dialog = clerk.getByTestId("status-dialog");
  await expect(dialog).toBeVisible();
  await choose(clerk, dialog.getByLabel("Approved"));
  await tabTo(clerk, dialog.getByRole("button", { name: "Save" }));
  await clerk.keyboard.press("Enter");
  await expect(clerk.getByText("Status updated")).toBeVisible();
  // Back on the queue: the request again, then its issue screen.
  await tabTo(clerk, clerk.getByTestId("staff-requests").getByRole("link", { name: String(requestId), exact: true }));
  await clerk.keyboard.press("Enter");
  await expect(clerk.getByRole("heading", { level: 1 })).toHaveText(`Document Request #${requestId}`);
  await tabTo(clerk, clerk.getByRole("link", { name: "Issue document" }));
  await clerk.keyboard.press("Enter");
  await expect(clerk.locator("#file")).toBeVisible();
  await chooseFile(clerk, clerk.locator("#file"), {
    name: "Certificate.pdf",
    mimeType: "application/pdf",
    buffer: await pdf(),
  });
  await tabTo(clerk, clerk.getByTestId("issue-submit"));
  await clerk.keyboard.press("Enter");
  await expect(clerk.getByText("Document uploaded successfully!")).toBeVisible();
  await clerk.close();
});
