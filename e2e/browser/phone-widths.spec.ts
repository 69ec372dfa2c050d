import { expect, test, type Browser, type Page } from "@playwright/test";
import { ROLE_OF_AREA, ROUTES, type RouteRow } from "../route-table";
import { DEMO, demoCodes, ready, signIn, wcagViolations, type DemoRole } from "../support";

/**
 * Every page of routes.ts on a phone (320 px wide: what holds there holds on wider phones), in English with JS and in Arabic without, as each role that opens it: nothing scrolls sideways. Sample ids are the
 * demo data's. Resource routes (files, feeds, downloads) and post-only routes have no page.
 */
const WIDTHS = [320];
/**
 * Where axe-core checks each page (WCAG 2.2 AA, any impact): English with JS on a phone, Arabic without JS on a desktop,
 * so every page is checked at both widths, in both languages, with and without JS (docs/decisions/0024 says why not
 * every combination).
 */
const AXE_WIDTH = { en: 360, ar: 1280 } as const;
const POST_ONLY = new Set(["/logout", "/language", "/version"]);
const isPage = (route: RouteRow) => route.file.endsWith(".tsx") && !POST_ONLY.has(route.path);

type Walk = { who: DemoRole | "anonymous"; area: string; routes: RouteRow[] };

/** An area's pages in parts of at most 15, so the workers share a long walk rather than one taking it alone. */
const inParts = (walk: Walk): Walk[] =>
  Array.from({ length: Math.ceil(walk.routes.length / 15) }, (_, part) => ({
    ...walk,
    area: walk.routes.length > 15 ? `${walk.area} ${part + 1}` : walk.area,
    routes: walk.routes.slice(part * 15, part * 15 + 15),
  }));

/**
 * Each screen module is walked once, on the first route that mounts it in the first walk that opens it, as axe checks
 * it (docs/decisions/0024): a module mounted in several areas renders the same markup there, and every area's shell is
 * walked with its own screens. The shared screens (profile, notifications) are walked by each role that opens them,
 * whose own parts they show. E2E_WALK=all walks every route, as before a release.
 */
function firstOfEachModule(walks: Walk[]): Walk[] {
  if (process.env.E2E_WALK === "all") return walks;
  const seen = new Set<string>();
  return walks.map((walk) => ({
    ...walk,
    routes: walk.routes.filter((route) => {
      const key = walk.area === "shared" ? `${route.file} as ${walk.who}` : route.file;
      return !seen.has(key) && Boolean(seen.add(key));
    }),
  }));
}

/** Who walks which pages: the public ones anonymously, an area's as its role, the shared ones as a clerk and a beneficiary. */
const WALKS: Walk[] = firstOfEachModule([
  { who: "anonymous", area: "public", routes: ROUTES.filter((route) => isPage(route) && route.area === null) },
  ...Object.entries(ROLE_OF_AREA).map(([area, who]) => ({
    who,
    area,
    routes: ROUTES.filter((route) => isPage(route) && route.area === area),
  })),
  {
    who: "CLERK" as const,
    area: "shared",
    routes: ROUTES.filter((route) => isPage(route) && route.area === "shared"),
  },
  {
    who: "BENEFICIARY" as const,
    area: "shared",
    routes: ROUTES.filter(
      (route) => isPage(route) && route.area === "shared" && /^\/(profile|notifications|user)/.test(route.path),
    ),
  },
] as Walk[])
  .filter((walk) => walk.routes.length > 0)
  .flatMap(inParts);

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

/**
 * What a phone cuts off: a table cell or a definition outside what its clipping boxes show, unless it scrolls inside
 * a named region a keyboard can reach; and any element whose own text is wider than it and hidden (cut, not wrapped).
 */
const clippedOf = (page: Page) =>
  page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    const found: string[] = [];
    for (const cell of document.querySelectorAll("main td, main th, main dd, main dt")) {
      const box = cell.getBoundingClientRect();
      if (box.width === 0) continue;
      let left = 0;
      let right = document.documentElement.clientWidth;
      let scroller: HTMLElement | null = null;
      for (let element = cell.parentElement; element; element = element.parentElement) {
        const overflow = getComputedStyle(element).overflowX;
        if (overflow === "visible") continue;
        const clip = element.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
        if (!scroller && (overflow === "auto" || overflow === "scroll")) scroller = element;
      }
      if (box.left >= left - 1 && box.right <= right + 1) continue;
      const named = scroller?.getAttribute("role") === "region" && scroller.matches("[aria-label], [aria-labelledby]");
      if (!(named && scroller!.tabIndex >= 0)) found.push(`${describe(cell)} cut off`);
    }
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const style = getComputedStyle(element);
      if (!/hidden|clip/.test(style.overflowX) || element.clientWidth <= 1) continue;
      if (element.scrollWidth > element.clientWidth + 1 && (element.textContent ?? "").trim())
        found.push(`${describe(element)} wider than its box`);
    }
    return found;
  });

/**
 * Latin an Arabic page would turn around: a text run such as "SHA-256", "ABCD-1234" or "https://" outside a `<bdi>`,
 * a `<code>`, an element of its own direction (ltr, auto) or an isolate (the bidirectional algorithm reads "256-SHA").
 */
const turnedLatinOf = (page: Page) =>
  page.evaluate(() => {
    const TURNS = /[A-Za-z][A-Za-z0-9_]*[-–:/#+.,]+[0-9]|[A-Za-z]:\/\/?(?=\s|$)/;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement!;
      if (parent.closest("bdi, code, pre, script, style, title, noscript, svg, [dir=ltr], [dir=auto]")) continue;
      if (parent.closest("[hidden], [aria-hidden=true]") || parent.getClientRects().length === 0) continue;
      const text = (node.textContent ?? "").replace(/[\u2066\u2068][^\u2069]*\u2069/g, " ");
      if (TURNS.test(text)) found.push(`"${text.trim().slice(0, 60)}" in ${parent.tagName.toLowerCase()}`);
    }
    return found;
  });

/**
 * axe-core runs in the page, and its timers do not run where scripts are off: there it checks, in a page with scripts
 * on but the application's own scripts refused, the document the page without JS shows (nothing hydrates it).
 */
async function axeFor(page: Page, width: number) {
  if (test.info().project.use.javaScriptEnabled !== false)
    return {
      width,
      check: async (shown: Page) => {
        await shown.setViewportSize({ width, height: 700 });
        await ready(shown);
        return wcagViolations(shown);
      },
      close: async () => {},
    };
  const context = await page
    .context()
    .browser()!
    .newContext({ javaScriptEnabled: true, viewport: { width, height: 700 }, locale: "ar-SA" });
  await context.route(/\.m?js(\?|$)/, (route) => route.abort());
  const scratch = await context.newPage();
  await scratch.goto(`${test.info().project.use.baseURL}/healthz`);
  return {
    width,
    check: async (shown: Page) => {
      await scratch.setContent(await shown.content(), { waitUntil: "load" });
      return wcagViolations(scratch);
    },
    close: () => context.close(),
  };
}

/**
 * axe-core checks each screen module once: on the first route that mounts it, in the first walk that opens it (a
 * module mounted in several areas renders the same markup there), in English with JS or in Arabic without, in turn
 * (docs/decisions/0024).
 */
const AXE_ROUTES: Record<"ar" | "en", Set<string>>[] = (() => {
  const seen = new Set<string>();
  return WALKS.map((walk) => {
    const mine = { ar: new Set<string>(), en: new Set<string>() };
    for (const route of walk.routes)
      if (!seen.has(route.file)) {
        mine[seen.size % 2 === 0 ? "en" : "ar"].add(route.path);
        seen.add(route.file);
      }
    return mine;
  });
})();

for (const [walkIndex, walk] of WALKS.entries()) {
  for (const lng of ["ar", "en"] as const) {
    test(`no page scrolls sideways or cuts anything off at ${WIDTHS.join(" or ")} px, and none fails WCAG 2.2 AA: ${walk.area} pages as ${walk.who}, ${lng} (${walk.routes.length})`, async ({
      browser,
    }) => {
      // Each page once in each language and once in each browser project: Arabic without JS, where the right-to-left
      // layout and the pages' no-script parts meet, English with it (the CI's time: CONTRIBUTING.md).
      test.skip(test.info().project.use.javaScriptEnabled === (lng === "ar"), "walked in the other project");
      test.setTimeout(240_000);
      const page = await pageFor(browser, lng, walk.who);
      const axe = await axeFor(page, AXE_WIDTH[lng]);
      const failures: string[] = [];
      // The public walk also opens a valid document's verification page (the sample code is unknown).
      const extra = walk.who === "anonymous" ? [`/verify/${(await demoCodes()).VALID}`] : [];
      for (const route of [...walk.routes, ...extra.map((path) => ({ path }))]) {
        await page.setViewportSize({ width: WIDTHS[0], height: 700 });
        const response = await page.goto(route.path);
        expect(response?.status(), route.path).toBeLessThan(500);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 700 });
          const overflow = await overflowOf(page);
          if (overflow) failures.push(`${route.path} at ${width}px: ${overflow}`);
          for (const clipped of await clippedOf(page)) failures.push(`${route.path} at ${width}px: ${clipped}`);
        }
        if (lng === "ar") for (const turned of await turnedLatinOf(page)) failures.push(`${route.path}: ${turned}`);
        // WCAG 2.2 AA (axe-core), and with each dialog the page opens (`?dialog=`).
        // E2E_AXE=all: every route, as before a release (docs/decisions/0024).
        const checked = process.env.E2E_AXE === "all" || AXE_ROUTES[walkIndex][lng].has(route.path);
        if (!checked && !extra.includes(route.path)) continue;
        const dialogs = await page
          .locator('main a[href*="dialog="]')
          .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")!))]);
        for (const address of [route.path, ...dialogs]) {
          if (address !== route.path) await page.goto(address);
          for (const violation of await axe.check(page)) failures.push(`${address} at ${axe.width}px: ${violation}`);
        }
      }
      await axe.close();
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

/** The pieces of codes, links, hashes and emails (`<code>` and LTR `<bdi>` text) that a line break cuts in two. */
const brokenPieces = (page: Page) =>
  page.locator("main").evaluate((main) =>
    [...main.querySelectorAll("code, bdi[dir=ltr]")].flatMap((element) =>
      [...element.childNodes, ...element.querySelectorAll("span")].flatMap((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1 ? [`"${node.textContent}" on ${lines.size} lines`] : [];
      }),
    ),
  );

test("at 320 px emails wrap only after @ and dots, codes between their groups, links and hashes between pieces", async ({
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
  // The verification link and the SHA-256 wrap at their slashes and dots, between groups of eight: no piece is cut.
  await expect(holder.getByRole("link", { name: /\/verify\// })).toBeVisible();
  expect(await brokenPieces(holder)).toEqual([]);
  await holder.goto(`/verify/${validWithOwner.code}`);
  await expect(holder.getByTestId("sha256")).toBeVisible();
  expect(await brokenPieces(holder)).toEqual([]);
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
