import { data } from "react-router";

/**
 * Resource-route actions must refuse cross-site posts themselves (React Router checks UI routes only).
 * A missing Origin (old browsers, curl) is accepted only when Sec-Fetch-Site does not say cross-site.
 */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  const url = new URL(request.url);
  const crossSite = request.headers.get("Sec-Fetch-Site") === "cross-site";
  if ((origin && origin !== "null" && origin !== url.origin) || (!origin && crossSite)) {
    throw data({ reason: "cross-origin" }, { status: 403 });
  }
}

/** Only same-origin paths: `/x?y`, never `//host` or `https://host`. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
