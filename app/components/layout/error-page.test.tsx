import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/platform/i18n/instances.server";
import { TranslatorContext } from "~/platform/i18n/translator";
import { ErrorPage } from "./error-page";

async function render(lng: "ar" | "en", element: React.ReactElement) {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(
    <TranslatorContext.Provider value={translatorFor(lng)}>
      <RouterProvider router={router} />
    </TranslatorContext.Provider>,
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
