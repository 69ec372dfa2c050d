import { expect, test, type Browser, type Page } from "@playwright/test";
import { ROUTES, type RouteRow } from "../route-table";
import { DEMO, demoCodes, ready, signIn, type DemoRole } from "../support";

/**
 * Every page of routes.ts on a phone (320 px wide: what holds there holds on wider phones), in English with JS and in Arabic without, as each role that opens it: nothing scrolls sideways. Sample ids are the
 * demo data's. Resource routes (files, feeds, downloads) and post-only routes have no page.
 */
const WIDTHS = [320];
const POST_ONLY = new Set(["/logout", "/language"]);
const isPage = (route: RouteRow) =>
  route.file.endsWith(".tsx") && !POST_ONLY.has(route.path) && route.path !== "/api/docs";
const ROLE_OF_AREA: Record<string, DemoRole> = {
  "super-admin": "SUPER_ADMIN",
  "service-admin": "SERVICE_ADMIN",
  "client-admin": "CLIENT_ADMIN",
  clerks: "CLERK",
  beneficiary: "BENEFICIARY",
};

/** Who walks which pages: the public ones anonymously, an area's as its role, the shared ones as a clerk and a beneficiary. */
const WALKS: { who: DemoRole | "anonymous"; area: string; routes: RouteRow[] }[] = [
  { who: "anonymous", area: "public", routes: ROUTES.filter((route) => isPage(route) && route.area === null) },
  ...Object.entries(ROLE_OF_AREA).map(([area, who]) => ({
    who,
    area,
    routes: ROUTES.filter((route) => isPage(route) && route.area === area),
  })),
  { who: "CLERK" as const, area: "shared", routes: ROUTES.filter((route) => isPage(route) && route.area === "shared") },
  {
    who: "BENEFICIARY" as const,
    area: "shared",
    routes: ROUTES.filter(
      (route) => isPage(route) && route.area === "shared" && /^\/(profile|notifications|user)/.test(route.path),
    ),
  },
];

async function pageFor(browser: Browser, lng: "ar" | "en", who: DemoRole | "anonymous") {
  const context = await browser.newContext({
    javaScriptEnabled: test.info().project.use.javaScriptEnabled,
    locale: lng === "ar" ? "ar-SA" : "en-GB",
    viewport: { width: WIDTHS[0], height: 700 },
  });
  const page = await context.newPage();
  if (who !== "anonymous") await signIn(page, DEMO[who]);
  return page;
}

/** How far the page is wider than the screen, and the widest element that sticks out (for the failure message). */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const excess = document.documentElement.scrollWidth - width;
    if (excess <= 0) return null;
    let culprit = "";
    let widest = 0;
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      const out = Math.max(box.right - width, -box.left);
      if (out > widest + 0.5 && box.width > 0) {
        widest = out;
        culprit = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${String(element.getAttribute("class") ?? "").slice(0, 60)} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
      }
    }
    return `${excess}px wider: ${culprit}`;
  });

for (const walk of WALKS) {
  for (const lng of ["ar", "en"] as const) {
    test(`no page scrolls sideways at ${WIDTHS.join(" or ")} px: ${walk.area} pages as ${walk.who}, ${lng} (${walk.routes.length})`, async ({
      browser,
    }) => {
      // Each page once in each language and once in each browser project: Arabic without JS, where the right-to-left
      // layout and the pages' no-script parts meet, English with it (the CI's time: CONTRIBUTING.md).
      test.skip(test.info().project.use.javaScriptEnabled === (lng === "ar"), "walked in the other project");
      test.setTimeout(240_000);
      const page = await pageFor(browser, lng, walk.who);
      const failures: string[] = [];
      for (const route of walk.routes) {
        await page.setViewportSize({ width: WIDTHS[0], height: 700 });
        const response = await page.goto(route.path);
        expect(response?.status(), route.path).toBeLessThan(500);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 700 });
          const overflow = await overflowOf(page);
          if (overflow) failures.push(`${route.path} at ${width}px: ${overflow}`);
        }
      }
      await page.context().close();
      expect(failures).toEqual([]);
    });
  }
}

test("at 320 px the account menu, the language switch and the bell are on screen and work", async ({ browser }) => {
  const page = await pageFor(browser, "en", "CLERK");
  await page.goto("/clerks/dashboard");
  const onScreen = async (selector: string) => {
    const box = (await page.locator(selector).first().boundingBox())!;
    expect(box.x, selector).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, selector).toBeLessThanOrEqual(320);
  };
  await onScreen('[data-testid="user-menu"] summary');
  await onScreen('[data-testid="notification-bell"]');
  await onScreen('form[action="/language"] button[value="ar"]');
  // The account menu opens on screen, with Profile and Log out.
  await page.locator('[data-testid="user-menu"] summary').click();
  await onScreen('[data-testid="user-menu"] a[href="/profile"]');
  await onScreen('form[action="/logout"] button');
  await page.locator('[data-testid="user-menu"] a[href="/profile"]').click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.locator('[data-testid="notification-bell"]').click();
  await expect(page).toHaveURL(/\/notifications$/);
  await page.locator('form[action="/language"] button[value="ar"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await page.context().close();
});

test("at 320 px emails wrap only after @ and dots, and verification codes only between their groups", async ({
  browser,
}) => {
  const page = await pageFor(browser, "ar", "CLERK");
  await page.goto("/clerks/requests");
  const emails = page.locator("bdi", { hasText: "@example.com" });
  expect(await emails.count()).toBeGreaterThan(0);
  for (const style of await emails.evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).wordBreak)))
    expect(style).toBe("normal");
  await page.context().close();
  // The holder's request page shows the issued document's code.
  const { validWithOwner } = await demoCodes();
  const holder = await pageFor(browser, "ar", "anonymous");
  await signIn(holder, validWithOwner.email);
  await holder.goto(`/beneficiary/request-document/${validWithOwner.request_id}`);
  const groups = holder.locator("[data-testid=verification-code] span");
  await expect(groups).toHaveCount(4);
  for (const whiteSpace of await groups.evaluateAll((spans) => spans.map((span) => getComputedStyle(span).whiteSpace)))
    expect(whiteSpace).toBe("nowrap");
  expect(await holder.locator("[data-testid=verification-code]").textContent()).toBe(
    validWithOwner.code.match(/.{4}/g)!.join("-"),
  );
  await holder.context().close();
});

/** The page's controls a toast's box overlaps (none, at any width: a toast is part of the page, above it). */
const controlsUnderToasts = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector(".toasts")!.getBoundingClientRect();
    return [...document.querySelectorAll("a, button, input, select, textarea, summary")]
      .filter((control) => !control.closest(".toasts"))
      .map((control) => ({ control, rect: control.getBoundingClientRect() }))
      .filter(
        ({ rect }) =>
          rect.width > 0 &&
          rect.left < box.right &&
          rect.right > box.left &&
          rect.top < box.bottom &&
          rect.bottom > box.top,
      )
      .map(({ control }) => `${control.tagName.toLowerCase()} "${(control.textContent ?? "").trim().slice(0, 30)}"`);
  });

test("at 320, 360 and 1280 px a toast stands above the page, covers none of its controls, closes with its link and by itself", async ({
  browser,
}) => {
  const page = await pageFor(browser, "en", "BENEFICIARY");
  for (const width of [320, 360, 1280]) {
    await page.setViewportSize({ width, height: 720 });
    // Saving the profile lands on /profile with a toast.
    await page.goto("/profile");
    await ready(page);
    await page.locator('main a[href*="/edit"]').first().click();
    await page.locator('input[name="phone"]').fill("0790000077");
    await page.locator('main button[type="submit"]').first().click();
    const toast = page.locator(".toasts [data-kind]");
    await expect(toast).toHaveCount(1);
    await expect(toast).toBeVisible();
    expect(await controlsUnderToasts(page), `at ${width} px`).toEqual([]);
    if (width === 320) {
      await page.locator(".toasts").getByRole("link", { name: "Close" }).click();
      await expect(page.locator(".toasts [data-kind]")).toBeHidden();
    } else {
      await expect(toast).toBeHidden({ timeout: 4500 });
    }
  }
  await page.context().close();
});
