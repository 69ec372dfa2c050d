import { signedCookie } from "~/platform/security/cookies.server";

/** After the right access PIN, the reviewer's browser may see the holder and the file for 15 minutes. */
const unlockCookie = () =>
  signedCookie("verify-unlock", { maxAgeSeconds: 15 * 60, path: "/verify", hostPrefix: false });

export const unlockHeader = (code: string) => unlockCookie().header(code);

export function isUnlocked(request: { headers: Pick<Headers, "get"> }, code: string): boolean {
  const cookies = request.headers.get("Cookie");
  if (!cookies?.includes("verify-unlock=")) return false; // most reviewers: nothing to check
  return unlockCookie().read(cookies) === code;
}
