import { createInstance } from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import ar from "../../../locales/ar/common.json";
import en from "../../../locales/en/common.json";
import { ErrorPage } from "./error-page";

async function render(lng: "ar" | "en", element: React.ReactElement) {
  const i18n = createInstance();
  await i18n
    .use(initReactI18next)
    .init({ lng, resources: { ar: { common: ar }, en: { common: en } }, defaultNS: "common" });
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe("error page", () => {
  it("says 'Something went wrong!' with a Show Error / Hide Error toggle that needs no JS", async () => {
    const html = await render("en", <ErrorPage status={500} details="Boom: the details" />);
    expect(html).toContain("Something went wrong!");
    expect(html).toMatch(
      /<details[^>]*><summary[^>]*><span class="when-closed">Show Error<\/span><span class="when-open">Hide Error<\/span>/,
    );
    expect(html).toContain("Boom: the details");
  });

  it("hides the details when there are none (production)", async () => {
    const html = await render("en", <ErrorPage status={500} />);
    expect(html).toContain("Something went wrong!");
    expect(html).not.toContain("<details");
  });

  it("translates 404, 403 and 429", async () => {
    expect(await render("en", <ErrorPage status={404} />)).toContain("Not Found");
    expect(await render("ar", <ErrorPage status={403} />)).toContain("الوصول مرفوض");
    expect(await render("ar", <ErrorPage status={429} />)).toContain("محاولات كثيرة جدًا");
  });
});
