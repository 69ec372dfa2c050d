import { data } from "react-router";

/**
 * Resource-route actions must refuse cross-site posts themselves (React Router checks UI routes only).
 * A missing Origin (old browsers, curl) is accepted only when Sec-Fetch-Site does not say cross-site.
 */
export function isSameOrigin(request: Request) {
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") return origin === new URL(request.url).origin;
  return request.headers.get("Sec-Fetch-Site") !== "cross-site";
}

export function assertSameOrigin(request: Request) {
  if (!isSameOrigin(request)) throw data({ reason: "cross-origin" }, { status: 403 });
}

/** Only same-origin paths: `/x?y`, never `//host` or `https://host`. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
