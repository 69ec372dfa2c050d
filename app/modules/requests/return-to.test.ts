import { describe, expect, it } from "vitest";
import { AREAS } from "~/modules/access";
import { requestListFrom, requestListOf } from "./return-to.server";

const at = (back: string) =>
  new URL(`http://localhost/clerks/document-categories/request/5?back=${encodeURIComponent(back)}`);
const request = { document_category_id: 3, client_id: 2 };

describe("the list a request screen returns to", () => {
  it("keeps a request list of the area with its query", () => {
    const queue = "/clerks/requests?q=ali&status=PENDING&order=newest&page=3";
    expect(requestListFrom(AREAS.clerks, at(queue))).toBe(queue);
    expect(requestListOf(AREAS.clerks, at("/clerks/document-categories/requests/4?page=2"), request)).toBe(
      "/clerks/document-categories/requests/4?page=2",
    );
  });

  it.each([
    "https://evil.example/clerks/requests",
    "//evil.example/clerks/requests",
    "/\\evil.example/clerks/requests",
    "/super-admin/requests",
    "/clerks/document-categories/request/6",
    "/clerks/requests/../../logout",
    "javascript:alert(1)",
  ])("ignores %s and falls back to the category's list", (back) => {
    expect(requestListFrom(AREAS.clerks, at(back))).toBeNull();
    expect(requestListOf(AREAS.clerks, at(back), request)).toBe("/clerks/document-categories/requests/3");
  });
});
