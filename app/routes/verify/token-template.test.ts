import zlib from "node:zlib";
import { expect, it } from "vitest";
import { pageTemplate, TOKEN_PLACEHOLDER } from "~/routes/verify/token-template.server";
it("writes the token into the page, plain and gzipped, without compressing per answer", () => {
  const html = `<p>${"héllo ".repeat(500)}</p><input value="${TOKEN_PLACEHOLDER}"><i>${"x".repeat(3000)}</i><input value="${TOKEN_PLACEHOLDER}">end`;
  const page = pageTemplate(html).render("abcDEF_123");
  const expected = html.replaceAll(TOKEN_PLACEHOLDER, "abcDEF_123");
  expect(page.html.toString()).toBe(expected);
  expect(zlib.gunzipSync(page.gzipped()).toString()).toBe(expected);
});
