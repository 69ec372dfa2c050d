import { describe, expect, it } from "vitest";
import { AREAS, dashboardOf, linkTo, sidebarOf } from "./areas";
import { capabilitiesOf } from "./capabilities";

const clerkOf = (canDoSincera: boolean) =>
  capabilitiesOf("CLERK", { clientId: 1, clientCanDoSincera: canDoSincera, clientCanDoAttestation: true });

describe("the area table (docs/product.md, Who uses it)", () => {
  it("shows the clerk's announcements link only when the client can do sincera", () => {
    expect(sidebarOf(AREAS.clerks, clerkOf(true)).map((link) => link.to)).toContain("/clerks/public-announcements");
    expect(sidebarOf(AREAS.clerks, clerkOf(false)).map((link) => link.to)).not.toContain(
      "/clerks/public-announcements",
    );
  });

  it("gives the super admin exactly ten links (the specification's eight, its announcements, ADR 0009, and the audit trail), the service admin four", () => {
    expect(sidebarOf(AREAS["super-admin"], capabilitiesOf("SUPER_ADMIN", null))).toHaveLength(10);
    expect(sidebarOf(AREAS["service-admin"], capabilitiesOf("SERVICE_ADMIN", null)).map((link) => link.to)).toEqual([
      "/service-admin/dashboard",
      "/service-admin/client-admins-management",
      "/service-admin/client-categories-management",
      "/service-admin/clients-management",
    ]);
  });

  it("builds links with the area's own paths, and none where the area has no such screen", () => {
    expect(linkTo(AREAS.clerks, "requestIssue", { id: 7 })).toBe("/clerks/document-categories/request/issue/7");
    expect(linkTo(AREAS.shared, "requestIssue", { id: 7 })).toBe("/document-categories/request/7/issue");
    expect(linkTo(AREAS["service-admin"], "requestIssue", { id: 7 })).toBeNull();
    expect(linkTo(AREAS["super-admin"], "clients", {}, { q: "uni", page: undefined })).toBe(
      "/super-admin/clients-management?q=uni",
    );
    expect(dashboardOf("BENEFICIARY")).toBe("/beneficiary/dashboard");
  });
});
