import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { clientIpContext, cspNonceContext, toastContext, userContext } from "./context";

describe("request contexts", () => {
  // Regression: the dev server has no getLoadContext; a context without a default threw "No value found for context".
  it("all have defaults, so pages render where the production server did not fill them", () => {
    const context = new RouterContextProvider();
    expect(context.get(cspNonceContext)).toBe("");
    expect(context.get(clientIpContext)).toBe("");
    expect(context.get(userContext)).toBeNull();
    expect(context.get(toastContext)).toBeNull();
  });
});
