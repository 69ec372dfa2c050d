import { expect, test } from "@playwright/test";
import { DEMO, OTHER_CLIENT, ready, wcagViolations, signIn } from "../support";

/**
 * A client admin manages their organisation's webhooks as they reach them (docs/decisions/0019): from the
 * sidebar, a refused address kept in the form, the secret shown once, a new secret after a confirmation, off and
 * on, and deleted after a confirmation. With JS in English (Demo University), without it in Arabic (the
 * Ministry of Labour). The deliveries themselves: e2e/http/webhooks.spec.ts.
 */
test("a client admin adds an endpoint, reads its secret once, makes a new one, turns it off and on, and deletes it", async ({
  page,
}) => {
  const withJs = test.info().project.use.javaScriptEnabled !== false;
  const lng = withJs ? "en" : "ar";
  const url = `https://hooks.example.org/${withJs ? "js-on" : "js-off"}`;
  await signIn(page, withJs ? DEMO.CLIENT_ADMIN : OTHER_CLIENT.CLIENT_ADMIN, undefined, lng);
  await page
    .getByTestId("sidebar-links")
    .getByRole("link", { name: withJs ? "Webhooks" : "الإشعارات الآلية" })
    .click();
  await expect(page).toHaveURL(/\/client-admin\/webhooks$/);
  await ready(page);

  // On a production server, plain http is refused, with the address kept.
  await page.locator('input[name="url"]').fill("http://hooks.example.org/plain");
  await page.locator('input[name="events"][value="request.created"]').check();
  await page.locator('main form[method="post"]:not([action="/version"]) button[type="submit"]').click();
  await expect(page.locator('[id$="url-error"]')).toHaveText(
    withJs ? "The address must start with https://." : "يجب أن يبدأ العنوان بـ \u2066https://\u2069.",
  );
  await expect(page.locator('input[name="url"]')).toHaveValue("http://hooks.example.org/plain");
  // So is a private network's address (the service's neighbours are not the organisation's to reach).
  await page.locator('input[name="url"]').fill("https://192.168.1.20/hooks");
  await page.locator('main form[method="post"]:not([action="/version"]) button[type="submit"]').click();
  await expect(page.locator('[id$="url-error"]')).toHaveText(
    withJs
      ? "This address is on a private network. Webhooks go only to addresses on the public Internet."
      : "هذا العنوان في شبكة خاصة. لا تُرسل الإشعارات الآلية إلا إلى عناوين على الإنترنت العامة.",
  );
  await expect(page.locator('input[name="url"]')).toHaveValue("https://192.168.1.20/hooks");

  await page.locator('input[name="url"]').fill(url);
  await page.locator('input[name="events"][value="document.issued"]').check();
  await page.locator('main form[method="post"]:not([action="/version"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/client-admin\/webhooks\/\d+$/);
  const secret = page.getByTestId("webhook-secret");
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]{32}$/);
  const first = await secret.textContent();
  if (withJs) expect(await wcagViolations(page)).toEqual([]);
  // Shown once: not after a reload.
  await page.reload();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  const endpointPath = new URL(page.url()).pathname;

  // The same address again is refused, by name, with the address kept.
  await page.goto("/client-admin/webhooks");
  await ready(page);
  await page.locator('input[name="url"]').fill(url);
  await page.locator('input[name="events"][value="request.created"]').check();
  await page.locator('main form[method="post"]:not([action="/version"]) button[type="submit"]').click();
  await expect(page.locator('[id$="url-error"]')).toHaveText(
    withJs
      ? "This address already receives your organisation's webhooks: change that endpoint's events instead."
      : "هذا العنوان يتلقى الإشعارات الآلية لجهتكم من قبل: غيّر أحداث تلك النقطة بدلًا من إضافته مرة أخرى.",
  );
  await expect(page.locator('input[name="url"]')).toHaveValue(url);
  await page.goto(endpointPath);
  await ready(page);

  // A new secret, after a confirmation.
  await page.getByRole("link", { name: withJs ? "Make a new secret" : "إنشاء مفتاح سري جديد" }).click();
  await page.getByTestId("confirm-rotate").locator('button[type="submit"]').click();
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
  expect(await page.getByTestId("webhook-secret").textContent()).not.toBe(first);

  // Off, then on.
  const status = page.getByTestId("webhook-status");
  await page.getByRole("button", { name: withJs ? "Turn off" : "إيقاف" }).click();
  await expect(status).toHaveText(withJs ? "Off" : "متوقف");
  await page.getByRole("button", { name: withJs ? "Turn on" : "تشغيل" }).click();
  await expect(status).toHaveText(withJs ? "On" : "يعمل");

  // Deleted, after a confirmation: back on the list, without it.
  await page.getByRole("link", { name: withJs ? "Delete the endpoint" : "حذف العنوان" }).click();
  if (withJs) expect(await wcagViolations(page)).toEqual([]);
  await page.getByTestId("confirm-delete").locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/client-admin\/webhooks$/);
  await expect(page.getByRole("link", { name: url })).toHaveCount(0);
});
