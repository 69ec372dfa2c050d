import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { areaContext, principalContext } from "~/modules/access";
import { clientIpContext, cspNonceContext, toastContext } from "./context";

describe("request contexts", () => {
  // Regression: the dev server has no getLoadContext; a context without a default threw "No value found for context".
  it("all have defaults, so pages render where the production server did not fill them", () => {
    const context = new RouterContextProvider();
    expect(context.get(cspNonceContext)).toBe("");
    expect(context.get(clientIpContext)).toBe("");
    expect(context.get(principalContext).role).toBeNull();
    expect(context.get(areaContext)).toBeNull();
    expect(context.get(toastContext)).toBeNull();
  });
});
