import { expect, test } from "@playwright/test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { baseURL } from "../../playwright.config";
import { DEMO, OTHER_CLIENT, signIn } from "../support";

test("without JS: a clerk writes an announcement, previews the draft, publishes it; a visitor reads it in Arabic and English; unpublished, it is gone", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.use.javaScriptEnabled !== false, "the JS-off journey");
  test.setTimeout(60_000);
  await signIn(page, DEMO.CLERK, undefined, "en");
  await page.goto("/clerks/dashboard");
  await page.getByRole("link", { name: "Public announcements" }).first().click();
  await page.getByRole("link", { name: "New announcement" }).first().click();
  await page.getByLabel("Title (English)").fill("Registry closed on 5 December");
  await page.getByLabel("Title (Arabic)").fill("قسم التسجيل مغلق في 5 كانون الأول");
  await page
    .getByLabel("Text (English)")
    .fill("The registry is closed for maintenance.\n\nRequests can still be made at https://example.org/requests.");
  await page
    .getByLabel("Text (Arabic)")
    .fill("قسم التسجيل مغلق للصيانة.\n\nيمكن تقديم الطلبات عبر https://example.org/requests");
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByText("The announcement has been saved.")).toBeVisible();

  // The preview shows both languages as the public will read them; the draft is not public yet.
  const preview = page.getByTestId("preview");
  await expect(preview.getByTestId("body-en").locator("p")).toHaveCount(2);
  await expect(
    preview.getByTestId("body-en").getByRole("link", { name: "https://example.org/requests" }),
  ).toHaveAttribute("href", "https://example.org/requests");
  await expect(preview.getByTestId("body-ar")).toContainText("قسم التسجيل مغلق للصيانة.");
  const slug = "registry-closed-on-5-december";
  const visitor = await browser.newPage({ javaScriptEnabled: false, baseURL, locale: "ar" });
  expect((await visitor.goto(`/public-announcements/${slug}`))?.status()).toBe(404);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("The announcement is published.")).toBeVisible();
  await expect(page.getByTestId("public-link")).toHaveText(`/public-announcements/${slug}`);

  // An anonymous visitor reads it in Arabic, then in English through the link.
  expect((await visitor.goto(`/public-announcements/${slug}`))?.status()).toBe(200);
  await expect(visitor.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("قسم التسجيل مغلق في 5 كانون الأول");
  await expect(visitor.locator("body")).toContainText("الجامعة التجريبية");
  await expect(visitor.locator("script")).toHaveCount(0);
  await visitor.getByTestId("other-language").click();
  await expect(visitor.locator("html")).toHaveAttribute("lang", "en");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Registry closed on 5 December");
  await expect(visitor.locator("body")).toContainText("Demo University");

  // The organisation's list (in the reader's language again: the link switched one page) links the Atom
  // feed, which parses and lists the announcement.
  await visitor.getByRole("link", { name: "Demo University" }).click();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("إعلانات الجامعة التجريبية");
  const feedHref = await visitor.getByTestId("feed-link").getAttribute("href");
  const feed = await visitor.request.get(feedHref!);
  expect(feed.headers()["content-type"]).toContain("application/atom+xml");
  const xml = await feed.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const entries = new XMLParser({ isArray: (name) => name === "entry" }).parse(xml).feed.entry as { title: string }[];
  expect(entries.map((entry) => entry.title)).toEqual([
    "قسم التسجيل مغلق في 5 كانون الأول",
    "ساعات العمل الجديدة لقسم التسجيل",
  ]);

  // Unpublished, the visitor gets 404.
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("The announcement is no longer public.")).toBeVisible();
  expect((await visitor.goto(`/public-announcements/${slug}`))?.status()).toBe(404);
  await visitor.close();
});

test("the Ministry of Labour's clerk has no announcements link and gets 403", async ({ page }) => {
  await signIn(page, OTHER_CLIENT.CLERK, undefined, "en");
  await page.goto("/clerks/dashboard");
  await expect(page.getByTestId("sidebar-links")).not.toContainText("Public announcements");
  expect((await page.goto("/clerks/public-announcements"))?.status()).toBe(403);
  expect((await page.goto("/clerks/public-announcements/create"))?.status()).toBe(403);
});
