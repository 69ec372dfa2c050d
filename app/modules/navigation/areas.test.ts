import { describe, expect, it } from "vitest";
import { areaOfPath, sidebarLinks } from "./areas";

describe("sidebar links (spec section 2)", () => {
  it("shows the clerk's announcements link only when the client can do sincera", () => {
    expect(sidebarLinks("CLERK", true).map((link) => link.to)).toContain("/clerks/public-announcements");
    expect(sidebarLinks("CLERK", false).map((link) => link.to)).not.toContain("/clerks/public-announcements");
  });

  it("gives the super admin exactly eight links", () => {
    expect(sidebarLinks("SUPER_ADMIN", false)).toHaveLength(8);
  });

  it("maps paths to areas without prefix confusion", () => {
    expect(areaOfPath("/clerks/dashboard")?.role).toBe("CLERK");
    expect(areaOfPath("/clerksX")).toBeNull();
    expect(areaOfPath("/profile")).toBeNull();
  });
});
