import { createCookie } from "react-router";

/**
 * The light version (docs/decisions/0028): every page served without a script, for slow networks and basic phones.
 * The person's choice, remembered a year in a cookie ("Light version" / "Full version" in every page's footer and on
 * the profile), else what the browser asks for with `Save-Data: on`.
 */
export const versionCookie = createCookie("version", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export type Version = "light" | "full";
export const parseVersion = (value: unknown): Version | null => (value === "light" || value === "full" ? value : null);

/** Whether this request gets the light version. */
export async function isLight(request: { headers: Pick<Headers, "get"> }) {
  const cookieHeader = request.headers.get("Cookie");
  if (cookieHeader?.includes("version=")) {
    const chosen = parseVersion(await versionCookie.parse(cookieHeader).catch(() => null));
    if (chosen) return chosen === "light";
  }
  return request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
}
